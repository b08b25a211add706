"""Game analysis: the post-game message and ``/analysis`` (bot/service/analysis.py),
the analysis setting, ``/stats dice``."""

EN: dict[str, str] = {
    "analysis_title": "**Analysis of game #{id}** ({title}). Errors in equity lost per "
                      "decision (equity: -1 a sure loss, +1 a sure win); marks: ?! "
                      "inaccuracy from {inaccuracy}, ? mistake from {mistake}, ?? blunder "
                      "from {blunder}.",
    "analysis_scale": "Grades by error rate: {scale}; above, awful.",
    "analysis_scale_item": "{grade} under {limit}",
    "analysis_player": "**{name}**: {rate:.3f} per decision over {n} {n:decision|decisions}, "
                       "{grade}; {inaccuracies} ?!, {mistakes} ?, {blunders} ??.",
    "analysis_luck": "Luck {luck:+.3f} over {throws} {throws:throw|throws} ({per:+.3f} a "
                     "throw); result {result:+.0f}, luck-adjusted {adjusted:+.3f}.",
    "analysis_error": "- turn {turn}{dice}: {played} {mark} (-{loss:.3f}); better: {better}",
    "analysis_no_errors": "- no marked errors",
    "analysis_picture_played": "Turn {turn}, {name}: played {mark}",
    "analysis_picture_better": "Turn {turn}: better",
    "analysis_description": "The largest errors of game #{id}, one a row: the board after "
                            "the turn played on the left, after the better turn on the "
                            "right ({turns}).",
    "analysis_not_judged": "Game #{id} ({title}) cannot be analysed: its computer player "
                           "has no evaluation to judge turns with.",
    "analysis_no_decisions": "Game #{id} had no decisions to analyse.",
    "analysis_busy": "Game #{id} is being analysed; ask again in a minute.",
    "analysis_post_on": "Analyses after games in this server: on.",
    "analysis_post_off": "Analyses after games in this server: off.",
    "moderator_analysis": "Only a moderator may turn this server's analyses on or off, "
                          "{user}.",
    "server_analysis_here": "`server_analysis` is set in a server's channel.",
    "grade_supernatural": "supernatural", "grade_world_class": "world class",
    "grade_expert": "expert", "grade_advanced": "advanced",
    "grade_intermediate": "intermediate", "grade_casual": "casual",
    "grade_beginner": "beginner", "grade_awful": "awful",
    "stats_what": "`/stats` counts `dice` (`/stats dice`), not `{what}`.",
    "puzzle_on": "The daily puzzle in this server: on (yesterday's biggest swing, each day).",
    "puzzle_off": "The daily puzzle in this server: off.",
    "puzzle_title": "**Daily puzzle**: yesterday's biggest swing.",
    "profile_analysis_title": "**Analysed games** (equity lost per decision; luck a throw)",
    "profile_analysis": "{title}: {rate:.3f} over {games} {games:game|games} (older "
                        "{older:.3f}, newer {newer:.3f}); luck {luck:+.3f}",
    "profile_analysis_one": "{title}: {rate:.3f} over {games} {games:game|games}; luck "
                            "{luck:+.3f}",
    "train_none": "No analysed {title} game here has an error to drill yet: finish a game "
                  "(or ask `/analysis` of one) first.",
    "drill_own": "**Drill** from your game #{id}, turn {turn}: you played {side}{dice} and "
                 "erred. Find the better turn.",
    "drill_server": "**Drill** from game #{id} of this server, turn {turn}: {side} to "
                    "play{dice}. Find the better turn.",
    "drill_footer": "Game #{id}, before turn {turn}",
    "drill_pick": "Your turn",
    "drill_step": "Drill, turn {turn}.{so_far} {step}:",
    "drill_built": "Your answer: `{chosen}`. **Confirm** to see whether it is the better "
                   "turn, **Back** to change it.",
    "drill_misfit": "That choice does not fit this drill ({error}); try `/train` again.",
    "drill_right": "Right: `{chosen}` is the better turn.{reason}",
    "drill_as_good": "Right: `{chosen}` is as good as `{best}` (within {chosen_loss:.3f}, "
                     "under an inaccuracy).{reason}",
    "drill_wrong": "Not quite: `{chosen}` gives away {chosen_loss:.3f}; the better turn is "
                   "`{best}` (the game's turn lost {loss:.3f}).{reason}",
    "drill_reason": " The engine: {reason}.",
    "drill_again": "Another: `/train {game}`.",
    "drill_old_button": "This drill is no longer available; try `/train` again.",
    "review_no_turn": "Game #{id} has no turn {turn}: its turns run from 0 (the start) to "
                      "{last}.",
    "review_marked": "Analysis: {mark}, {loss:.3f} equity lost; better: `{better}`.",
    "review_fine": "Analysis: no error (equity {equity:+.3f}).",
    "review_option": "Turn {turn} {mark}",
    "review_start": "The start",
    "review_pick": "Go to a turn",
    "review_old_button": "This review button is from an older version; use `/review` again.",
    "dice_scope_server": "this server",
    "dice_scope_member": "{name}'s turns",
    "dice_scope_game": "game #{id}",
    "dice_none": "No dice were thrown in {scope} yet.",
    "dice_title": "**Dice in {scope}**: {throws} {throws:throw|throws}, {dice} {dice:die|dice}.",
    "dice_face": "{face}: {count}",
    "dice_faces": "Faces: {faces} (each expected {expected:.1f}).",
    "dice_doubles": "Doubles: {doubles} of {pairs} two-dice throws (expected {expected:.1f}).",
    "dice_verdict_fair": "Chi-square {chi:.2f} (5 degrees of freedom), p = {p:.2f}: what "
                         "fair dice give.",
    "dice_verdict_unusual": "Chi-square {chi:.2f} (5 degrees of freedom), p = {p:.3f}: a "
                            "little unusual, as one fair sample in 20 is.",
    "dice_verdict_very_unusual": "Chi-square {chi:.2f} (5 degrees of freedom), p = {p:.4f}: "
                                 "unusual; anyone can check every throw with `verify` and "
                                 "the revealed seed.",
    "dice_verdict_too_few": "Too few dice for a test (chi-square {chi:.2f}, p = {p:.2f}).",
    "dice_luck": "Average luck per throw in the analysed games: {luck:+.4f} over {throws} "
                 "{throws:throw|throws}.",
}

RU: dict[str, str] = {
    "analysis_title": "**Разбор партии #{id}** ({title}). Ошибки — потеря эквити за "
                      "решение (эквити: -1 верный проигрыш, +1 верная победа); пометки: ?! "
                      "неточность от {inaccuracy}, ? ошибка от {mistake}, ?? грубая ошибка "
                      "от {blunder}.",
    "analysis_scale": "Уровни по доле ошибок: {scale}; выше — очень слабо.",
    "analysis_scale_item": "{grade} до {limit}",
    "analysis_player": "**{name}**: {rate:.3f} за решение, {n} {n:решение|решения|решений}, "
                       "уровень: {grade}; {inaccuracies} ?!, {mistakes} ?, {blunders} ??.",
    "analysis_luck": "Удача {luck:+.3f} за {throws} {throws:бросок|броска|бросков} "
                     "({per:+.3f} за бросок); результат {result:+.0f}, с поправкой на "
                     "удачу {adjusted:+.3f}.",
    "analysis_error": "- ход {turn}{dice}: {played} {mark} (-{loss:.3f}); лучше: {better}",
    "analysis_no_errors": "- отмеченных ошибок нет",
    "analysis_picture_played": "Ход {turn}, {name}: сыграно {mark}",
    "analysis_picture_better": "Ход {turn}: лучше",
    "analysis_description": "Самые крупные ошибки партии #{id}, по одной в ряд: слева "
                            "доска после сыгранного хода, справа — после лучшего ({turns}).",
    "analysis_not_judged": "Партию #{id} ({title}) разобрать нельзя: у компьютерного игрока "
                           "этой игры нет оценки, которой можно судить ходы.",
    "analysis_no_decisions": "В партии #{id} не было решений для разбора.",
    "analysis_busy": "Партия #{id} сейчас разбирается; спросите через минуту.",
    "analysis_post_on": "Разбор после партий на этом сервере: включён.",
    "analysis_post_off": "Разбор после партий на этом сервере: выключен.",
    "moderator_analysis": "Включать и выключать разбор партий на сервере может только "
                          "модератор, {user}.",
    "server_analysis_here": "`server_analysis` задаётся в канале сервера.",
    "grade_supernatural": "сверхчеловеческий", "grade_world_class": "мировой класс",
    "grade_expert": "эксперт", "grade_advanced": "продвинутый",
    "grade_intermediate": "средний", "grade_casual": "любитель",
    "grade_beginner": "начинающий", "grade_awful": "очень слабо",
    "stats_what": "`/stats` считает `dice` (`/stats dice`), а не `{what}`.",
    "puzzle_on": "Ежедневная задача на этом сервере: включена (каждый день — самый большой "
                 "перелом вчерашних партий).",
    "puzzle_off": "Ежедневная задача на этом сервере: выключена.",
    "puzzle_title": "**Задача дня**: самый большой перелом вчерашних партий.",
    "profile_analysis_title": "**Разобранные партии** (потеря эквити за решение; удача за "
                              "бросок)",
    "profile_analysis": "{title}: {rate:.3f} в {games} {games:партии|партиях|партиях} "
                        "(раньше {older:.3f}, позже {newer:.3f}); удача {luck:+.3f}",
    "profile_analysis_one": "{title}: {rate:.3f} в {games} {games:партии|партиях|партиях}; "
                            "удача {luck:+.3f}",
    "train_none": "В разобранных партиях {title} здесь пока нет ошибок для упражнения: "
                  "сначала доиграйте партию (или попросите её `/analysis`).",
    "drill_own": "**Упражнение** из вашей партии #{id}, ход {turn}: вы играли за {side}{dice} "
                 "и ошиблись. Найдите ход лучше.",
    "drill_server": "**Упражнение** из партии #{id} этого сервера, ход {turn}: ходят "
                    "{side}{dice}. Найдите ход лучше.",
    "drill_footer": "Партия #{id}, перед ходом {turn}",
    "drill_pick": "Ваш ход",
    "drill_step": "Упражнение, ход {turn}.{so_far} {step}:",
    "drill_built": "Ваш ответ: `{chosen}`. **Подтвердить** — узнать, лучший ли это ход, "
                   "**Назад** — изменить.",
    "drill_misfit": "Этот выбор не подходит к упражнению ({error}); вызовите `/train` снова.",
    "drill_right": "Верно: `{chosen}` — ход лучше.{reason}",
    "drill_as_good": "Верно: `{chosen}` не хуже `{best}` (разница {chosen_loss:.3f}, "
                     "меньше неточности).{reason}",
    "drill_wrong": "Не совсем: `{chosen}` отдаёт {chosen_loss:.3f}; лучше `{best}` (ход в "
                   "партии потерял {loss:.3f}).{reason}",
    "drill_reason": " Движок: {reason}.",
    "drill_again": "Ещё: `/train {game}`.",
    "drill_old_button": "Это упражнение больше недоступно; вызовите `/train` снова.",
    "review_no_turn": "В партии #{id} нет хода {turn}: ходы идут от 0 (начало) до {last}.",
    "review_marked": "Разбор: {mark}, потеряно {loss:.3f} эквити; лучше: `{better}`.",
    "review_fine": "Разбор: ошибки нет (эквити {equity:+.3f}).",
    "review_option": "Ход {turn} {mark}",
    "review_start": "Начало",
    "review_pick": "Перейти к ходу",
    "review_old_button": "Эта кнопка разбора из старой версии; вызовите `/review` снова.",
    "dice_scope_server": "на этом сервере",
    "dice_scope_member": "в ходах {name}",
    "dice_scope_game": "в партии #{id}",
    "dice_none": "Кости {scope} ещё не бросали.",
    "dice_title": "**Кости {scope}**: {throws} {throws:бросок|броска|бросков}, {dice} "
                  "{dice:кость|кости|костей}.",
    "dice_face": "{face}: {count}",
    "dice_faces": "Грани: {faces} (ожидается по {expected:.1f}).",
    "dice_doubles": "Дубли: {doubles} из {pairs} бросков двух костей (ожидается "
                    "{expected:.1f}).",
    "dice_verdict_fair": "Хи-квадрат {chi:.2f} (5 степеней свободы), p = {p:.2f}: так и "
                         "бывает с честными костями.",
    "dice_verdict_unusual": "Хи-квадрат {chi:.2f} (5 степеней свободы), p = {p:.3f}: "
                            "немного необычно — так выпадает одна честная выборка из 20.",
    "dice_verdict_very_unusual": "Хи-квадрат {chi:.2f} (5 степеней свободы), p = {p:.4f}: "
                                 "необычно; любой может проверить каждый бросок командой "
                                 "`verify` по раскрытому зерну.",
    "dice_verdict_too_few": "Слишком мало костей для проверки (хи-квадрат {chi:.2f}, "
                            "p = {p:.2f}).",
    "dice_luck": "Средняя удача за бросок в разобранных партиях: {luck:+.4f} за {throws} "
                 "{throws:бросок|броска|бросков}.",
}
