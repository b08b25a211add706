"""What is said when something outside the rules fails: the database, the disk, a
picture that cannot be written.  A database fault (``storage.DatabaseFault``) is told
by its kind (``fault_<kind>``: what happened), then by what it did to the command
(bot/service/facade.py ``privately``)."""

EN: dict[str, str] = {
    "picture_not_written": "[picture not written ({reason}): {path}; the reply above stands, "
                           "only its picture is missing]",
    "reason_disk_full": "the disk is full",
    "reason_no_permission": "no permission to write there",
    "fault_database_down": "The database is unavailable just now",
    "fault_database_timeout": "The database did not answer in time",
    "fault_disk_full": "The database's disk is full",
    "fault_commit_unknown": "The connection to the database broke while this change was "
                            "being saved, so I cannot tell whether it was saved.",
    "fault_nothing_changed": "{what}: this did not happen, nothing was changed. Try again "
                             "in a moment.",
    "fault_after_saving": "{what}, after this change was saved: it stands, but its answer "
                          "is incomplete.",
    "fault_board_as_stored": "The game as stored now:",
    "fault_board_unreadable": "The game cannot be read back yet: `/board` shows it once "
                              "the database answers.",
}

RU: dict[str, str] = {
    "picture_not_written": "[картинка не записана ({reason}): {path}; ответ выше в силе, "
                           "нет только картинки]",
    "reason_disk_full": "диск заполнен",
    "reason_no_permission": "нет прав на запись туда",
    "fault_database_down": "База данных сейчас недоступна",
    "fault_database_timeout": "База данных не ответила вовремя",
    "fault_disk_full": "Диск базы данных заполнен",
    "fault_commit_unknown": "Связь с базой данных оборвалась, пока это изменение "
                            "сохранялось, поэтому я не знаю, сохранилось ли оно.",
    "fault_nothing_changed": "{what}: это не выполнено, ничего не изменилось. Попробуйте "
                             "ещё раз чуть позже.",
    "fault_after_saving": "{what}, уже после того как изменение сохранилось: оно в силе, "
                          "но ответ неполный.",
    "fault_board_as_stored": "Партия в том виде, как она сохранена сейчас:",
    "fault_board_unreadable": "Партию пока не прочитать: `/board` покажет её, когда база "
                              "данных ответит.",
}
