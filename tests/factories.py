"""factory-boy factories for the models tests build on."""

import factory
from allauth.account.models import EmailAddress

from accounts.models import User


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.PostGenerationMethodCall("set_password", "correct horse battery")

    @factory.post_generation
    def verified(self, create, extracted, **kwargs):
        self.save()
        if create and extracted is not False:
            EmailAddress.objects.create(user=self, email=self.email, verified=True, primary=True)
