"""Template context for every page: how many games await the signed-in user's move (the badge)."""

from django.utils.functional import SimpleLazyObject

from games.selectors import awaiting_count


def awaiting(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    # Lazy: the query runs only on pages that render the badge.
    return {"awaiting_count": SimpleLazyObject(lambda: awaiting_count(user=user))}
