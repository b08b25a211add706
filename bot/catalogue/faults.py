"""What is said when something outside the rules fails: the database, the disk, a
picture that cannot be written (the console and the Discord adapter say these)."""

EN: dict[str, str] = {
    "picture_not_written": "[picture not written ({reason}): {path}; the reply above stands, "
                           "only its picture is missing]",
    "reason_disk_full": "the disk is full",
    "reason_no_permission": "no permission to write there",
}

RU: dict[str, str] = {
    "picture_not_written": "[картинка не записана ({reason}): {path}; ответ выше в силе, "
                           "нет только картинки]",
    "reason_disk_full": "диск заполнен",
    "reason_no_permission": "нет прав на запись туда",
}
