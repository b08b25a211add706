"""Buttons' labels and select menus' placeholders."""

EN: dict[str, str] = {
    "button_play": "Play",
    "button_rematch": "Rematch",
    "button_join": "Join",
    "button_accept": "Accept",
    "button_decline": "Decline",
    "button_start": "Start",
    "answer_accept": "Accept",
    "answer_drop": "Drop",
    "answer_yes": "Yes",
    "answer_no": "No",
}

RU: dict[str, str] = {
    "button_play": "Ходить",
    "button_rematch": "Реванш",
    "button_join": "Присоединиться",
    "button_accept": "Принять",
    "button_decline": "Отклонить",
    "button_start": "Начать",
    "answer_accept": "Принять",
    "answer_drop": "Сбросить",
    "answer_yes": "Да",
    "answer_no": "Нет",
}
