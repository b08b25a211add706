"""What anyone may look at or set: /settings, /board, /legal, /record, /games, /help,
/rules, /mygames, /notify, pages."""

EN: dict[str, str] = {
    # /settings
    "bad_theme": "`theme` is `light`, `dark` or `server` (the server's), not `{theme}`.",
    "bad_on_off": "`{name}` is `on` or `off`, not `{value}`.",
    "bad_server_theme": "`server_theme` is `light` or `dark`, not `{theme}`.",
    "moderator_theme": "Only a moderator may set this server's theme, {user}; your own "
                       "`theme` you may set.",
    "server_theme_here": "`server_theme` is set in a server's channel.",
    "theme_light": "light", "theme_dark": "dark",
    "theme_servers": "the server's ({theme})",
    "chair_opponent": "the opponent's chair", "chair_own": "your own chair",
    "layout_phone": "the phone layout", "layout_desktop": "the desktop layout",
    "settings_said": "Boards here: {server} theme in public. Your own pictures (previews): "
                     "{own} theme, seen from {chair}, in {size}. Your language: {language}.",
    "language_en": "English", "language_ru": "Russian",
    "bad_language": "`{name}` is `en`, `ru` or `auto` (Discord's language), not `{value}`.",
    "moderator_language": "Only a moderator may set this server's language, {user}; your "
                          "own `language` you may set.",
    "server_language_here": "`server_language` is set in a server's channel.",
}

RU: dict[str, str] = {
    "bad_theme": "`theme` — это `light`, `dark` или `server` (как на сервере), а не "
                 "`{theme}`.",
    "bad_on_off": "`{name}` — это `on` или `off`, а не `{value}`.",
    "bad_server_theme": "`server_theme` — это `light` или `dark`, а не `{theme}`.",
    "moderator_theme": "{user}, тему сервера может задать только модератор; свою тему "
                       "(`theme`) вы можете выбрать сами.",
    "server_theme_here": "`server_theme` задаётся в канале сервера.",
    "theme_light": "светлая", "theme_dark": "тёмная",
    "theme_servers": "как на сервере ({theme})",
    "chair_opponent": "со стороны соперника", "chair_own": "с вашей стороны",
    "layout_phone": "телефонная", "layout_desktop": "настольная",
    "settings_said": "Доски здесь: в общих сообщениях тема {server}. Ваши собственные "
                     "картинки (предпросмотр): тема {own}, вид {chair}, раскладка {size}. "
                     "Ваш язык: {language}.",
    "language_en": "английский", "language_ru": "русский",
    "bad_language": "`{name}` — это `en`, `ru` или `auto` (язык Discord), а не `{value}`.",
    "moderator_language": "{user}, язык сервера может задать только модератор; свой язык "
                          "(`language`) вы можете выбрать сами.",
    "server_language_here": "`server_language` задаётся в канале сервера.",
}
