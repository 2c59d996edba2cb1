"""Print a fresh VAPID key pair as the settings take them, for a deployment's environment:
``manage.py webpush_keys >> .env``.  Without them the site generates a pair once and keeps it in the
database (``notifications/vapid.py``); setting them keeps the key out of the database and its backups."""

from django.core.management.base import BaseCommand

from notifications.vapid import vapid_keys_generate


class Command(BaseCommand):
    help = "Print a new VAPID key pair (WEBPUSH_VAPID_PRIVATE_KEY, WEBPUSH_VAPID_PUBLIC_KEY)."

    def handle(self, *args, **options):
        private, public = vapid_keys_generate()
        self.stdout.write(f"WEBPUSH_VAPID_PRIVATE_KEY={private}\nWEBPUSH_VAPID_PUBLIC_KEY={public}")
