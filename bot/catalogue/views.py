"""views."""

EN: dict[str, str] = {
}

RU: dict[str, str] = {
}
