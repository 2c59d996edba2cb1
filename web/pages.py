"""How a page shows a refusal: the translated message, beside the form or as a message, never the code
(codes are for the API and for tests)."""

from django.contrib import messages

from core.errors import AppError


def refusal_on_form(form, exc: AppError, field: str | None = None) -> None:
    form.add_error(field, exc.text)


def refusal_message(request, exc: AppError) -> None:
    messages.error(request, exc.text)
