// Every text of the page in English and Russian, and the rules panel of each game.
// t(key, params) picks the current language; {name} in a text is replaced by params.name.

const RANKS = {
  en: ["Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King"],
  ru: ["туз", "двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка", "восьмёрка", "девятка",
       "десятка", "валет", "дама", "король"],
};
const SUITS = { en: { C: "clubs", D: "diamonds", H: "hearts", S: "spades" },
                ru: { C: "треф", D: "бубен", H: "червей", S: "пик" } };
const RANK_SIGNS = { en: ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"],
                     ru: ["Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К"] };
export const RANK_LETTERS = "A23456789TJQK";
export const SUIT_SIGNS = { C: "♣", D: "♦", H: "♥", S: "♠" };

const TEXT = {
  en: {
    title: "Cadogan", game: "Game", variant: "Variant", deal: "Deal", go: "Play deal",
    newDeal: "New deal", restart: "Restart", undo: "Undo", redo: "Redo", hint: "Hint",
    stats: "Statistics", rules: "Rules", settings: "Settings", close: "Close", language: "Language",
    moves: "Moves", time: "Time", redealsLeft: "Redeals left", gathersLeft: "Gatherings left",
    phaseDealing: "Dealing: only the bottom row plays", phaseBuilding: "Building: every pile plays",
    stock: "Stock", waste: "Waste", foundation: "Foundation {n}", tableau: "Pile {n}", foundationShort: "F{n}",
    board: "Card table: arrow keys move between piles, Enter picks up and drops, Esc cancels",
    empty: "empty", onTop: "{card} on top",
    needs: "needs the {card}", needsRank: "needs a {rank} of any suit", needsAce: "needs an Ace",
    complete: "complete", notYet: "not started yet", buildsUp: "builds up", buildsDown: "builds down",
    freeDir: "either way", nextCard: "next card {card}", nextStockCard: "the next stock card", dealHint: "deal ▸", placeHint: "place ▸",
    redealHint: "turn over ↻", endsOn: "{first} … {last}", spanLong: "{first} to {last}",
    moved: "Moved {card} from {from} to {to}", dealt: "Dealt a card", dealtRound: "Dealt a round",
    redealt: "Started the next pass", placed: "Placed {card} on {to}",
    restarted: "Back to the start of the deal",
    picked: "Picked up {card} from {from}: choose where it goes", cancelled: "Put back",
    nothingToPick: "Nothing to pick up here", cannot: "Cannot move: {reason}",
    noFoundationMove: "{card} cannot go to a foundation now",
    moveLost: "This game can no longer be won, though it could after move {n}: undo (Ctrl+Z) to go back.",
    moveLostStart: "This game can no longer be won, though it could at the start: undo (Ctrl+Z) to go back.",
    thinking: "Thinking…",
    verdict_winnable: "Still winnable", verdict_lost: "Cannot be won any more", verdict_unknown: "Could not decide in time",
    wonTitle: "You won!", wonText: "Deal {deal} solved in {moves}, {time}.",
    stuckTitle: "No moves left", stuckText: "There is no legal move left: this game is lost.",
    deal_winnable: "The solver says this deal could have been won.", deal_lost: "The solver proved that this deal could not be won.",
    deal_unknown: "The solver could not decide in {s} s whether this deal could be won.",
    deal_checking: "Asking the solver whether this deal could have been won…",
    playAgain: "New deal", sameAgain: "Replay this deal", undoLast: "Undo last move",
    confirmTitle: "Leave this game?", confirmText: "The game in progress will count as lost in the statistics.",
    confirmYes: "Yes, new game", confirmNo: "Keep playing",
    played: "Played", won: "Won", winPct: "Win %", streak: "Streak", bestStreak: "Best streak",
    bestTime: "Best time", fewestMoves: "Fewest moves", hintsUsed: "Hints", noStats: "No games played yet.",
    autoMove: "Move safe cards to the foundations automatically", fourColour: "Four-colour deck",
    animations: "Animations", showTimer: "Show the timer", checkVerdict: "After every move, peek whether the game is still winnable (reads the whole deal)",
    winnableOnly: "New deals: winnable deals only (proven by the solver)",
    newDifficulty: "New deals", pick_any: "any deal", pick_easy: "easy (winnable)",
    pick_medium: "medium (winnable)", pick_hard: "hard (winnable)",
    picking: "Looking for a {difficulty} deal…", pickNone: "No {difficulty} deal turned up in time: here is a random one.",
    summaryKey: "S reads a summary", keys: "Keys",
    keysText: "Arrows: move between piles · Enter/Space: pick up, drop · Esc: cancel · D: deal · U or Ctrl+Z: undo · R or Ctrl+Y: redo · H: hint · P: peek at the whole deal · V: review the game · F: finish · S: summary · double-click: to the best foundation",
    summary: "{game}, deal {deal}. {moves}. Foundations: {found} of 104 cards. Stock: {stock}. {extra}",
    error: "Error: {msg}", offline: "The server does not answer: {msg}",
    badDeal: "A deal number is a whole number from 0 to 18446744073709551615",
    sources: "Sources",
    solution: "Solution", solutionSearching: "Searching for a winning line…",
    solutionLost: "This deal is lost: the solver proved no line wins.",
    solutionUnknown: "No winning line found in {s} s — this does not mean the deal is lost.",
    replayRegion: "Solution replay", replayStart: "Step 0 of {n}: the deal as dealt",
    replayStep: "Step {k} of {n}: {move}", replayWon: "All cards are on the foundations.",
    replayFirst: "To the start", replayBack: "Step back", replayForward: "Step forward", replayLast: "To the end",
    replayClosed: "Back to your game, as you left it",
    replayKeys: ", . or PageUp/PageDown: step · P: play · Home/End: start/end · Esc: close",
    aCard: "a card", cardsN: ["{n} card", "{n} cards"], movesCount: ["{n} move", "{n} moves"],
    undone: "Undone: {move}", redone: "Redone: {move}",
    hintMove: "Move {card} from {from} to {to}", hintDeal: "Deal a card from the stock",
    hintRedeal: "Turn the waste over for the next pass", hintPlace: "Place {card} on {to}",
    hintStale: "The position changed while the solver was thinking: ask again",
    peekShort: "Peek", reviewShort: "Review", peek: "Peek at the whole deal", peekSays: "Peek at the whole deal: {text}", peekNone: "Peek: the solver could not decide in time",
    peekLost: "Peek: no winning line is left from here",
    hintChance: "Hint: {text} — {pct} % to win from here, by what you can see",
    hintChanceAtLeast: "Hint: {text} — at least {pct} % to win from here, by what you can see ({u} of {n} drawn orders of the unseen cards undecided)",
    hintForced: "Hint: {text} — the only move", hintSafe: "Hint: {text} — a safe move: it never spoils a win",
    hintUndecided: "Hint: {text} — no drawn order of the unseen cards was decided in time, so no chance to give",
    hintNoAdvice: "No hint: the search decided nothing in time",
    winMeter: "Show your win chance after every move (by what you can see)",
    meterLabel: "Win chance", meterBusy: "…", meterNone: "—",
    meterTitle: "Your chance to win from here, by what you can see: {n} orders of the unseen cards drawn",
    meterNoEstimate: "No chance estimated: an only or a safe move to make",
    meterAtLeast: "At least this chance to win from here, by what you can see: {u} of the {n} drawn orders of the unseen cards were not decided in time and count as lost",
    meterUndecided: "No chance to give: none of the {n} drawn orders of the unseen cards was decided in time",
    peeksUsed: "Peeks", accuracy: "Accuracy", reviewed: "Reviewed", recentAccuracy: "Latest reviews",
    review: "Review the game", reviewTitle: "Game review",
    reviewStarting: "Reviewing the game from what you could see at each move…",
    reviewProgress: "Grading move {k} of {n}…", reviewGraded: "{k} of {n} moves graded",
    reviewAnalysing: "Looking with the whole deal for the move that lost the game (up to {s} s)…",
    reviewComplete: "Review complete", reviewPaused: "Review paused: {reason}",
    reviewChip: "Review {pct} %", reviewChipReady: "Review ready",
    reviewInProgress: "The game is not over: your moves so far are graded by what you could see; the whole deal is looked at only once the game ends.",
    reviewAccuracy: "Accuracy {pct} %", reviewNoAccuracy: "Accuracy: no decision graded yet",
    reviewGraph: "Win chance across the game, move by move", reviewGraphKeys: "Arrow keys step through the moves, Home and End go to the first and last",
    reviewMove: "Move {n} of {total}: {move}", reviewChances: "Win chance: {before} % with the best move, {after} % with yours",
    reviewBest: "Best: {move}", reviewWasBest: "As good as the best move, by what you could see",
    reviewForced: "The only legal move: nothing to decide", reviewSafe: "A safe move: it never spoils a win",
    reviewUndecided: "No drawn order was decided in time: no grade", reviewNotReached: "Not graded yet",
    reviewFirst: "First move", reviewPrev: "Previous move", reviewNext: "Next move", reviewLast: "Last move",
    reviewPrevMistake: "Previous mistake", reviewNextMistake: "Next mistake",
    reviewShowHere: "Show on the table", reviewShowLine: "Step through the winning line",
    reviewTryLonger: "Try longer", reviewList: "Graded moves", reviewNone: "No moves to review yet.",
    reviewColMove: "Move", reviewColGrade: "Grade", reviewColChance: "Win chance", reviewColBest: "Best move",
    grade_best: "best", grade_good: "good", grade_inaccuracy: "inaccuracy", grade_mistake: "mistake", grade_blunder: "blunder",
    grade_forced: "only move", grade_safe: "safe", grade_undecided: "undecided", grade_notReached: "not graded yet",
    gradesN_inaccuracy: ["{n} inaccuracy", "{n} inaccuracies"], gradesN_mistake: ["{n} mistake", "{n} mistakes"],
    gradesN_blunder: ["{n} blunder", "{n} blunders"],
    losingSeen: "Move {n} lost the game ({move}) — you could have seen it: by what you could see, your win chance fell there.",
    losingLuck: "Move {n} lost the game ({move}) — bad luck: only the full deal shows it; by what you could see it was a sound move.",
    losingUnjudged: "Move {n} lost the game ({move}) — whether you could have seen it, the review cannot tell: none of the orders it drew for the unseen cards was decided there.",
    losingNever: "This deal could not be won from its start: no move of yours lost it.",
    losingWinnable: "A win is still possible from where the game stands.",
    losingUndecided: "The solver could not yet decide, with the whole deal, which move lost the game (tried {s} s).",
    reasonBuried: "It buried {card} under {by} on {pile}; the winning line plays {card} to {to}{onto}, at its move {step}.",
    reasonTook: "It took {card} off {pile}; the winning line plays {card} to {to}{onto} first, at its move {step}.",
    reasonSpent: "It spent {card} on {pile}; the winning line plays {card} to {to}{onto}, at its move {step}.",
    reasonOnto: ", onto {card}", reasonStarting: ", starting it",
    lineBrief: "The winning line from just before it, in brief: {steps}",
    stepDeal: "deal", stepDealN: ["deal {n} card", "deal {n} cards"], stepDealRounds: ["deal {times}× ({n} card)", "deal {times}× ({n} cards)"], stepRedeal: "redeal",
    stepRedealN: "redeal {n}×", stepTo: "{cards} to {pile}", lineMore: "… and {n} steps more",
    busyNow: "the solver is busy; trying again in a moment",
    legendPlayed: "yellow: the move made", legendPlayedBad: "red: the move made", legendBest: "blue: the best move",
    analysisLonger: "The solver could not decide in {s} s where the game went wrong: press “Where did it go wrong?” again to search {next} s.",
    pickFoundation: "{card} can go to {piles}, and neither is surely better: pick one",
    backTo: "The game is back where it was after move {n}: play on (Undo/Redo still work)",
    finish: "Finish", daily: "Daily deal", dailyBadge: "Daily", more: "More", analysis: "Where did it go wrong?",
    analysing: "Looking for the move that lost the game…", analysisMissing: "This server cannot analyse games yet.",
    analysisNever: "This deal could not be won from its start: no move of yours lost it.",
    analysisUnknown: "The solver could not decide in 60 s where the game went wrong: the game’s review (V) can look longer.",
    analysisTitle: "Where it went wrong", analysisWinnable: "From here the game can still be won: this line wins.",
    analysisWrong: "Move {n} lost the game ({move}). Before it a win was possible: step through the winning line, or take the game back to here.",
    lineStart: "Step 0 of {n}: the winning line starts here", takeBack: "Take the game back to here",
    replayPlay: "Play the line automatically (P)", replayAuto: "Auto", replayPause: "Pause", replaySpeed: "Speed", speedSlow: "slow", speedNormal: "normal", speedFast: "fast",
    autoPlay: "Send cards to the foundations automatically", autoOff: "off", autoSafe: "safe moves only (never worse)",
    autoAll: "every foundation move", theme: "Table", back: "Card backs", sound: "Sound",
    theme_green: "green", theme_blue: "blue", theme_red: "burgundy", theme_grey: "slate", theme_contrast: "high contrast", leftHanded: "Left-handed (controls on the left hand’s side)",
    back_red: "red", back_blue: "blue", back_green: "green", back_black: "black",
    showVerdict: "Show what the solver knows of the whole deal (a peek: winnable or lost, difficulty)",
    dealIs_winnable: "winnable deal", dealIs_lost: "lost deal", dealIs_unknown: "undecided deal", dealIs_undecided: "undecided deal",
    difficulty_easy: "easy", difficulty_medium: "medium", difficulty_hard: "hard", difficulty_lost: "lost",
    oddsLine: "{won} of {deals} deals winnable with the stock in view: {words}", oddsNever: "almost never winnable",
    oddsPlayer: "a strong player who cannot see the stock wins about {pct} % ({deals} deals played)",
    oddsPlayerUnknown: "a player's odds (stock unseen) not measured yet",
    oddsPlayerNone: "Cadogan's own player, who cannot see the stock, won none of {deals} deals: how often a strong player wins is not known yet",
    oddsHard: "rarely won", oddsOften: "often winnable", oddsAlmostAlways: "almost always winnable",
    oddsTry: "try {variant}", oddsUndecided: "{n} undecided",
    undos: "Undos", dailyPlayed: "Daily played", dailyWon: "Daily won",
    welcomeTitle: "Welcome to Cadogan", welcomeClose: "Let’s play",
    goal_british_square: "Goal: move all 104 cards onto the four foundations — up from Ace to King, then down again from King to Ace, in suit.",
    goal_square: "Goal: move all 104 cards onto the eight foundations — Aces build up, Kings build down, in suit.",
    goal_precedence: "Goal: fill the eight foundations, King to Six from left to right, each built down regardless of suit.",
    howMouse: "Drag a card, or click it and then where it goes; double-click sends a card home. Hint (H) asks the solver.",
    howTouch: "Drag a card, or tap it and then where it goes; double-tap sends a card home. The ? button asks the solver for a hint.",
    howMouseWaste: "Deal from the stock (D) and play the waste card; double-click sends it home. Hint (H) asks the solver.",
    howTouchWaste: "Tap the stock to deal and play the waste card; double-tap sends it home. The ? button asks the solver for a hint.",
    neverWonMark: "{variant} ⚠",
    offlineText: "The Cadogan server is not running (start it with “cadogan serve”); your game is safe on it.", retry: "Retry",
    // The daily deal's calendar, achievements, sharing a result, the player's own replay, card size.
    dailyStreak: ["Streak: {n} day in a row", "Streak: {n} days in a row"], dailyNoStreak: "No streak yet: win today’s deal to start one",
    dailyBest: "best: {n}", dailyToday: "Today, {date}: deal {deal}, the same in every game.",
    dailyPlayToday: "Play today’s deal", dailyPlayDay: "Play the deal of {date}", dailyPlaying: "You are playing today’s deal",
    dailyLateNote: "A past day’s deal played now shows as won later: it does not count for the streak.",
    calPrev: "Previous month", calNext: "Next month", calToday: "today",
    day_won: "won", day_wonLate: "won later", day_played: "played, not won", day_none: "not played", day_future: "still to come",
    dayNoGames: "No daily deal of this day was played.", dayDeal: "{date} · deal {deal}",
    outcome_won: "won", outcome_lost: "lost", outcome_playing: "in progress", outcome_left: "left unfinished",
    hintsN: ["{n} hint", "{n} hints"], noHints: "no hints",
    watch: "Watch", watchReplay: "Watch your game", share: "Share", shareResult: "Share the result",
    yourGame: "Your game", shareTitle: "Your result", copy: "Copy", shareVia: "Share…",
    copied: "Copied: paste it into a message.", copyFailed: "The text is selected: copy it with Ctrl+C or the browser’s menu.",
    resultDaily: "Daily deal of {date} (deal {deal})", resultDeal: "Deal {deal}, {date}",
    resultWon: "Won ✓ in {moves} · {time}", resultLost: "Not won: {moves} · {time}",
    recentGames: "Your finished games", noFinished: "No finished game yet.", showMore: "Show more",
    achievements: "Achievements", achEarned: "earned {date}", achNotYet: "not earned yet", achProgress: "{n} of {goal}",
    achNotice: ["Achievement earned: {names}", "Achievements earned: {names}"], achShow: "Show",
    ach_first_win_british_square: "First British Square", ach_first_win_british_square_text: "Win a game of British Square, either variant.",
    ach_first_win_square: "First Square", ach_first_win_square_text: "Win a game of Square.",
    ach_first_win_precedence: "First Precedence", ach_first_win_precedence_text: "Win a game of Precedence.",
    ach_clean_win: "Unaided", ach_clean_win_text: "Win a game without a hint or an undo.",
    ach_daily_win: "Deal of the day", ach_daily_win_text: "Win a daily deal.",
    ach_streak_7: "A week of wins", ach_streak_7_text: "Win the daily deal seven days in a row, each on its day.",
    ach_square_free: "Free hand", ach_square_free_text: "Win Square in its free variant.",
    ach_quick_win: "Quick hands", ach_quick_win_text: "Win a game within 5 minutes on the clock.",
    ach_played_100: "A hundred games", ach_played_100_text: "Play 100 games.",
    cardSize: "Card size", size_small: "small", size_normal: "normal", size_large: "large (the controls fold to their signs)",
  },
  ru: {
    title: "Кадоган", game: "Игра", variant: "Вариант", deal: "Расклад", go: "Сыграть расклад",
    newDeal: "Новый расклад", restart: "Заново", undo: "Отменить", redo: "Вернуть", hint: "Подсказка",
    stats: "Статистика", rules: "Правила", settings: "Настройки", close: "Закрыть", language: "Язык",
    moves: "Ходы", time: "Время", redealsLeft: "Осталось пересдач", gathersLeft: "Осталось сборов",
    phaseDealing: "Сдача: играет только нижний ряд", phaseBuilding: "Раскладывание: играют все стопки",
    stock: "Колода", waste: "Сброс", foundation: "База {n}", tableau: "Стопка {n}", foundationShort: "Б{n}",
    board: "Стол: стрелки — переход между стопками, Enter — взять и положить, Esc — отмена",
    empty: "пусто", onTop: "сверху {card}",
    needs: "ждёт: {card}", needsRank: "ждёт: {rank} любой масти", needsAce: "ждёт туза",
    complete: "собрана", notYet: "ещё не начата", buildsUp: "вверх", buildsDown: "вниз",
    freeDir: "в любую сторону", nextCard: "следующая карта {card}", nextStockCard: "следующая карта колоды", dealHint: "сдать ▸", placeHint: "положить ▸",
    redealHint: "перевернуть ↻", endsOn: "{first} … {last}", spanLong: "от: {first}, до: {last}",
    moved: "{card}: {from} → {to}", dealt: "Сдана карта", dealtRound: "Сдан круг",
    redealt: "Начат следующий проход", placed: "{card} положена: {to}",
    restarted: "Расклад начат заново",
    picked: "Взята карта: {card} ({from}); выберите, куда её положить", cancelled: "Карта возвращена",
    nothingToPick: "Здесь нечего взять", cannot: "Так нельзя: {reason}",
    noFoundationMove: "{card} сейчас не идёт на базу",
    moveLost: "Эту партию уже не выиграть, а после хода {n} ещё было можно: отмените ходы (Ctrl+Z).",
    moveLostStart: "Эту партию уже не выиграть, а в начале было можно: отмените ходы (Ctrl+Z).",
    thinking: "Думаю…",
    verdict_winnable: "Ещё можно выиграть", verdict_lost: "Выиграть уже нельзя", verdict_unknown: "Решатель не успел",
    wonTitle: "Победа!", wonText: "Расклад {deal} собран: {moves}, {time}.",
    stuckTitle: "Ходов больше нет", stuckText: "Допустимых ходов не осталось: партия проиграна.",
    deal_winnable: "Решатель говорит: этот расклад можно было выиграть.", deal_lost: "Решатель доказал: этот расклад выиграть нельзя.",
    deal_unknown: "Решатель не успел за {s} с решить, можно ли было выиграть этот расклад.",
    deal_checking: "Спрашиваю решатель, можно ли было выиграть этот расклад…",
    playAgain: "Новый расклад", sameAgain: "Сыграть этот расклад снова", undoLast: "Отменить последний ход",
    confirmTitle: "Бросить эту партию?", confirmText: "Незаконченная партия будет засчитана как проигрыш.",
    confirmYes: "Да, новая партия", confirmNo: "Продолжить",
    played: "Сыграно", won: "Выиграно", winPct: "% побед", streak: "Серия", bestStreak: "Лучшая серия",
    bestTime: "Лучшее время", fewestMoves: "Меньше всего ходов", hintsUsed: "Подсказки", noStats: "Сыгранных партий пока нет.",
    autoMove: "Сами класть на базы карты, которые там точно не помешают", fourColour: "Четырёхцветная колода",
    animations: "Анимация", showTimer: "Показывать время", checkVerdict: "После каждого хода подсматривать, можно ли ещё выиграть (по всему раскладу)",
    winnableOnly: "Новые расклады: только выигрышные (доказано решателем)",
    newDifficulty: "Новые расклады", pick_any: "любой расклад", pick_easy: "лёгкий (выигрышный)",
    pick_medium: "средний (выигрышный)", pick_hard: "трудный (выигрышный)",
    picking: "Ищу расклад: {difficulty}…", pickNone: "Расклад «{difficulty}» не нашёлся вовремя: вот случайный.",
    summaryKey: "S — сводка", keys: "Клавиши",
    keysText: "Стрелки — по стопкам · Enter/пробел — взять, положить · Esc — отмена · D — сдать · U или Ctrl+Z — отменить · R или Ctrl+Y — вернуть · H — подсказка · P — подсмотреть весь расклад · V — разбор партии · F — доиграть · S — сводка · двойной щелчок — на лучшую базу",
    summary: "{game}, расклад {deal}. {moves}. На базах {found} из 104 карт. В колоде: {stock}. {extra}",
    error: "Ошибка: {msg}", offline: "Сервер не отвечает: {msg}",
    badDeal: "Номер расклада — целое число от 0 до 18446744073709551615",
    sources: "Источники",
    solution: "Решение", solutionSearching: "Ищу выигрышную линию…",
    solutionLost: "Этот расклад проигрышный: решатель доказал, что выиграть нельзя.",
    solutionUnknown: "За {s} с выигрышная линия не найдена — это не значит, что расклад проигрышный.",
    replayRegion: "Просмотр решения", replayStart: "Ход 0 из {n}: начальный расклад",
    replayStep: "Ход {k} из {n}: {move}", replayWon: "Все карты на базах.",
    replayFirst: "К началу", replayBack: "Шаг назад", replayForward: "Шаг вперёд", replayLast: "В конец",
    replayClosed: "Вы снова в своей партии, как она была",
    replayKeys: ", . или PageUp/PageDown — шаг · P — проиграть · Home/End — начало/конец · Esc — закрыть",
    aCard: "карта", cardsN: ["{n} карта", "{n} карты", "{n} карт"], movesCount: ["{n} ход", "{n} хода", "{n} ходов"],
    undone: "Отменено: {move}", redone: "Возвращено: {move}",
    hintMove: "Переложите {card}: {from} → {to}", hintDeal: "Сдайте карту из колоды",
    hintRedeal: "Переверните сброс для следующего прохода", hintPlace: "Положите {card}: {to}",
    hintStale: "Пока решатель думал, позиция изменилась: спросите ещё раз",
    peekShort: "Подсмотреть", reviewShort: "Разбор", peek: "Подсмотреть весь расклад", peekSays: "Подсмотрено во всём раскладе: {text}", peekNone: "Подсмотреть не вышло: решатель не успел",
    peekLost: "Подсмотрено: выигрыша отсюда больше нет",
    hintChance: "Подсказка: {text} — {pct} % выиграть отсюда, по тому, что видно",
    hintChanceAtLeast: "Подсказка: {text} — не меньше {pct} % выиграть отсюда, по тому, что видно ({u} из {n} вариантов невидимых карт не решены)",
    hintForced: "Подсказка: {text} — единственный ход", hintSafe: "Подсказка: {text} — надёжный ход: выигрыша он не испортит",
    hintUndecided: "Подсказка: {text} — ни один вариант невидимых карт не решён вовремя, шанса назвать нельзя",
    hintNoAdvice: "Подсказки нет: поиск ничего не решил вовремя",
    winMeter: "Показывать шанс выиграть после каждого хода (по тому, что видно)",
    meterLabel: "Шанс", meterBusy: "…", meterNone: "—",
    meterTitle: "Ваш шанс выиграть отсюда по тому, что видно: перебрано {n} вариантов порядка невидимых карт",
    meterNoEstimate: "Шанс не оценён: ход единственный или надёжный",
    meterAtLeast: "Шанс выиграть отсюда не меньше этого, по тому, что видно: {u} из {n} вариантов невидимых карт не решены вовремя и считаются проигранными",
    meterUndecided: "Шанса не назвать: ни один из {n} вариантов невидимых карт не решён вовремя",
    peeksUsed: "Подсмотрено", accuracy: "Точность", reviewed: "Разобрано", recentAccuracy: "Последние разборы",
    review: "Разбор партии", reviewTitle: "Разбор партии",
    reviewStarting: "Разбираю партию по тому, что было видно при каждом ходе…",
    reviewProgress: "Оцениваю ход {k} из {n}…", reviewGraded: "Оценено ходов: {k} из {n}",
    reviewAnalysing: "Ищу по всему раскладу ход, проигравший партию (до {s} с)…",
    reviewComplete: "Разбор готов", reviewPaused: "Разбор приостановлен: {reason}",
    reviewChip: "Разбор {pct} %", reviewChipReady: "Разбор готов",
    reviewInProgress: "Партия не окончена: ходы до сих пор оценены по тому, что было видно; весь расклад смотрится только после конца партии.",
    reviewAccuracy: "Точность {pct} %", reviewNoAccuracy: "Точность: ещё ни одного оценённого решения",
    reviewGraph: "Шанс выиграть по ходу партии", reviewGraphKeys: "Стрелки — по ходам, Home и End — к первому и последнему",
    reviewMove: "Ход {n} из {total}: {move}", reviewChances: "Шанс выиграть: {before} % при лучшем ходе, {after} % при вашем",
    reviewBest: "Лучший ход: {move}", reviewWasBest: "Не хуже лучшего хода, по тому, что было видно",
    reviewForced: "Единственный допустимый ход: решать нечего", reviewSafe: "Надёжный ход: выигрыша он не испортит",
    reviewUndecided: "Ни один вариант не решён вовремя: оценки нет", reviewNotReached: "Ещё не оценён",
    reviewFirst: "Первый ход", reviewPrev: "Предыдущий ход", reviewNext: "Следующий ход", reviewLast: "Последний ход",
    reviewPrevMistake: "Предыдущая ошибка", reviewNextMistake: "Следующая ошибка",
    reviewShowHere: "Показать на столе", reviewShowLine: "Пройти выигрышную линию",
    reviewTryLonger: "Искать дольше", reviewList: "Оценённые ходы", reviewNone: "Разбирать пока нечего.",
    reviewColMove: "Ход", reviewColGrade: "Оценка", reviewColChance: "Шанс", reviewColBest: "Лучший ход",
    grade_best: "лучший", grade_good: "хороший", grade_inaccuracy: "неточность", grade_mistake: "ошибка", grade_blunder: "грубая ошибка",
    grade_forced: "единственный", grade_safe: "надёжный", grade_undecided: "не решён", grade_notReached: "ещё не оценён",
    gradesN_inaccuracy: ["{n} неточность", "{n} неточности", "{n} неточностей"], gradesN_mistake: ["{n} ошибка", "{n} ошибки", "{n} ошибок"],
    gradesN_blunder: ["{n} грубая ошибка", "{n} грубые ошибки", "{n} грубых ошибок"],
    losingSeen: "Партию проиграл ход {n} ({move}) — это можно было увидеть: по тому, что было видно, шанс здесь упал.",
    losingLuck: "Партию проиграл ход {n} ({move}) — невезение: это видно только по всему раскладу; по тому, что было видно, ход был здравый.",
    losingUnjudged: "Партию проиграл ход {n} ({move}) — можно ли было это увидеть, обзор сказать не может: ни один из вытянутых им порядков закрытых карт здесь не решён.",
    losingNever: "Этот расклад нельзя было выиграть с самого начала: ни один ваш ход его не проиграл.",
    losingWinnable: "Из нынешней позиции выигрыш ещё возможен.",
    losingUndecided: "Решатель пока не решил по всему раскладу, какой ход проиграл партию (искал {s} с).",
    reasonBuried: "Он накрыл карту {card} картой {by} ({pile}); выигрышная линия кладёт {card}: {to}{onto}, своим ходом {step}.",
    reasonTook: "Он убрал карту {card} ({pile}); выигрышная линия сперва кладёт {card}: {to}{onto}, своим ходом {step}.",
    reasonSpent: "Он потратил карту {card} ({pile}); выигрышная линия кладёт {card}: {to}{onto}, своим ходом {step}.",
    reasonOnto: ", на {card}", reasonStarting: ", первой картой",
    lineBrief: "Выигрышная линия до этого хода, коротко: {steps}",
    stepDeal: "сдать", stepDealN: ["сдать {n} карту", "сдать {n} карты", "сдать {n} карт"], stepDealRounds: ["сдать {times}× ({n} карта)", "сдать {times}× ({n} карты)", "сдать {times}× ({n} карт)"], stepRedeal: "пересдать",
    stepRedealN: "пересдать {n}×", stepTo: "{cards} → {pile}", lineMore: "… и ещё шагов: {n}",
    busyNow: "решатель занят; попробую снова через миг",
    legendPlayed: "жёлтым: сделанный ход", legendPlayedBad: "красным: сделанный ход", legendBest: "синим: лучший ход",
    analysisLonger: "Решатель не успел за {s} с найти, где партия пошла не так: нажмите «Где я ошибся?» ещё раз, чтобы искать {next} с.",
    pickFoundation: "{card} можно положить: {piles}, и ни одна база не лучше заведомо — выберите сами",
    backTo: "Партия возвращена к позиции после хода {n}: играйте дальше (отмена и возврат работают)",
    finish: "Доиграть", daily: "Расклад дня", dailyBadge: "Расклад дня", more: "Ещё", analysis: "Где я ошибся?",
    analysing: "Ищу ход, который проиграл партию…", analysisMissing: "Этот сервер пока не умеет разбирать партии.",
    analysisNever: "Этот расклад нельзя было выиграть с самого начала: ваши ходы ни при чём.",
    analysisUnknown: "Решатель не успел за 60 с выяснить, где партия была проиграна: разбор партии (V) может искать дольше.",
    analysisTitle: "Где была ошибка", analysisWinnable: "Отсюда партию ещё можно выиграть: вот выигрышная линия.",
    analysisWrong: "Ход {n} проиграл партию ({move}). До него выигрыш был возможен: пройдите выигрышную линию или верните партию сюда.",
    lineStart: "Ход 0 из {n}: отсюда начинается выигрышная линия", takeBack: "Вернуть партию сюда",
    replayPlay: "Проиграть линию автоматически (P)", replayAuto: "Сам", replayPause: "Пауза", replaySpeed: "Скорость", speedSlow: "медленно", speedNormal: "обычно", speedFast: "быстро",
    autoPlay: "Сами класть карты на базы", autoOff: "нет", autoSafe: "только безопасные ходы (заведомо не хуже)",
    autoAll: "все ходы на базы", theme: "Стол", back: "Рубашка", sound: "Звук",
    theme_green: "зелёный", theme_blue: "синий", theme_red: "бордовый", theme_grey: "серый", theme_contrast: "высокий контраст", leftHanded: "Для левши (кнопки под левую руку)",
    back_red: "красная", back_blue: "синяя", back_green: "зелёная", back_black: "чёрная",
    showVerdict: "Показывать, что решатель знает обо всём раскладе (подсмотр: выигрышный ли, сложность)",
    dealIs_winnable: "выигрышный расклад", dealIs_lost: "проигрышный расклад", dealIs_unknown: "расклад не решён", dealIs_undecided: "расклад не решён",
    difficulty_easy: "лёгкий", difficulty_medium: "средний", difficulty_hard: "трудный", difficulty_lost: "проигрышный",
    oddsLine: "с открытой колодой сходится {won} из {deals} раскладов: {words}", oddsNever: "почти никогда не сходится",
    oddsPlayer: "сильный игрок, не видящий колоды, выигрывает около {pct} % (сыграно раскладов: {deals})",
    oddsPlayerUnknown: "шансы игрока (колода закрыта) ещё не измерены",
    oddsPlayerNone: "собственный игрок Cadogan, не видящий колоды, не выиграл ни одного из {deals} раскладов: как часто выигрывает сильный игрок, пока неизвестно",
    oddsHard: "сходится редко", oddsOften: "сходится часто", oddsAlmostAlways: "сходится почти всегда",
    oddsTry: "попробуйте «{variant}»", oddsUndecided: "не решено: {n}",
    undos: "Отмены", dailyPlayed: "Дня: сыграно", dailyWon: "Дня: выиграно",
    welcomeTitle: "Добро пожаловать в Кадоган", welcomeClose: "Играть",
    goal_british_square: "Цель: собрать все 104 карты на четырёх базах — в масть от туза до короля, затем обратно от короля до туза.",
    goal_square: "Цель: собрать все 104 карты на восьми базах — тузы растут, короли убывают, в масть.",
    goal_precedence: "Цель: заполнить восемь баз — от короля до шестёрки слева направо, каждая вниз без учёта масти.",
    howMouse: "Перетащите карту или щёлкните её, а потом место; двойной щелчок отправляет карту на базу. Подсказка (H) спрашивает решатель.",
    howTouch: "Перетащите карту или коснитесь её, а потом места; двойное касание отправляет карту на базу. Кнопка ? спрашивает у решателя подсказку.",
    howMouseWaste: "Сдавайте из колоды (D) и играйте карту сброса; двойной щелчок отправляет её на базу. Подсказка (H) спрашивает решатель.",
    howTouchWaste: "Коснитесь колоды, чтобы сдать, и играйте карту сброса; двойное касание отправляет её на базу. Кнопка ? спрашивает у решателя подсказку.",
    neverWonMark: "{variant} ⚠",
    offlineText: "Сервер Кадогана не запущен (запустите «cadogan serve»); ваша партия сохранена на нём.", retry: "Повторить",
    // Календарь расклада дня, достижения, результат, повтор своей партии, размер карт.
    dailyStreak: ["Серия: {n} день подряд", "Серия: {n} дня подряд", "Серия: {n} дней подряд"], dailyNoStreak: "Серии пока нет: выиграйте сегодняшний расклад, чтобы её начать",
    dailyBest: "лучшая: {n}", dailyToday: "Сегодня {date}: расклад {deal}, один и тот же во всех играх.",
    dailyPlayToday: "Сыграть расклад дня", dailyPlayDay: "Сыграть расклад {date}", dailyPlaying: "Вы уже играете сегодняшний расклад",
    dailyLateNote: "Расклад прошедшего дня, сыгранный сейчас, отмечается как выигранный позже: в серию он не идёт.",
    calPrev: "Предыдущий месяц", calNext: "Следующий месяц", calToday: "сегодня",
    day_won: "выигран", day_wonLate: "выигран позже", day_played: "сыгран, не выигран", day_none: "не сыгран", day_future: "ещё впереди",
    dayNoGames: "Расклад этого дня не игрался.", dayDeal: "{date} · расклад {deal}",
    outcome_won: "выиграна", outcome_lost: "проиграна", outcome_playing: "идёт", outcome_left: "брошена",
    hintsN: ["{n} подсказка", "{n} подсказки", "{n} подсказок"], noHints: "без подсказок",
    watch: "Смотреть", watchReplay: "Посмотреть свою партию", share: "Поделиться", shareResult: "Поделиться результатом",
    yourGame: "Ваша партия", shareTitle: "Ваш результат", copy: "Копировать", shareVia: "Отправить…",
    copied: "Скопировано: вставьте в сообщение.", copyFailed: "Текст выделен: скопируйте его (Ctrl+C или меню браузера).",
    resultDaily: "Расклад дня {date} (расклад {deal})", resultDeal: "Расклад {deal}, {date}",
    resultWon: "Выиграно ✓ за {moves} · {time}", resultLost: "Не выиграно: {moves} · {time}",
    recentGames: "Ваши законченные партии", noFinished: "Законченных партий пока нет.", showMore: "Показать ещё",
    achievements: "Достижения", achEarned: "получено {date}", achNotYet: "ещё не получено", achProgress: "{n} из {goal}",
    achNotice: ["Новое достижение: {names}", "Новые достижения: {names}", "Новые достижения: {names}"], achShow: "Показать",
    ach_first_win_british_square: "Первый Британский квадрат", ach_first_win_british_square_text: "Выиграйте партию в Британский квадрат, любой вариант.",
    ach_first_win_square: "Первый Квадрат", ach_first_win_square_text: "Выиграйте партию в Квадрат.",
    ach_first_win_precedence: "Первая Прецеденция", ach_first_win_precedence_text: "Выиграйте партию в Прецеденцию.",
    ach_clean_win: "Без помощи", ach_clean_win_text: "Выиграйте партию без подсказок и без отмены ходов.",
    ach_daily_win: "Расклад дня", ach_daily_win_text: "Выиграйте расклад дня.",
    ach_streak_7: "Неделя побед", ach_streak_7_text: "Выигрывайте расклад дня семь дней подряд, каждый в свой день.",
    ach_square_free: "Свободная рука", ach_square_free_text: "Выиграйте Квадрат в свободном варианте.",
    ach_quick_win: "Быстрые руки", ach_quick_win_text: "Выиграйте партию за 5 минут по часам.",
    ach_played_100: "Сто партий", ach_played_100_text: "Сыграйте 100 партий.",
    cardSize: "Размер карт", size_small: "маленькие", size_normal: "обычные", size_large: "крупные (кнопки сворачиваются до значков)",
  },
};

const RULES = {
  en: {
    "british-square": `<h3>British Square</h3>
<p>Two packs. <b>Goal:</b> all 104 cards on the four foundations.</p>
<p><b>Layout.</b> Sixteen cards are dealt: <i>piles</i> (default) — sixteen piles in four rows of four; <i>columns</i> —
four columns of four cards, only the top card of a column is available. The rest is the stock.</p>
<p><b>Foundations</b> switch back: each is started by an Ace (one per suit), built up in suit to the King, then
down from the second King to the Ace — 26 cards. The arrow shows which way a foundation is going.</p>
<p><b>Tableau.</b> The top card of a pile (or of the waste) may go onto another pile's top card of the same suit,
one rank higher or lower (no wrap between King and Ace). Once a card has been built on a pile, its direction is
fixed (↑ or ↓ beside the pile) until the built cards are moved away again.</p>
<p><b>Empty piles</b> must be filled at once from the waste or the stock; tableau cards never fill them.</p>
<p><b>Stock:</b> deal one card at a time onto the waste; one pass only, no redeal.</p>`,
    "square": `<h3>Square</h3>
<p>Two packs. <b>Goal:</b> all 104 cards on the eight foundations.</p>
<p><b>Foundations.</b> The first Ace and the first King of each suit are put out: Aces on the left are built up in
suit to the King, Kings on the right are built down in suit to the Ace.</p>
<p><b>The square:</b> twelve piles in four rows of three. <i>classic</i> (default): the stock is dealt a round of twelve
cards at a time, column by column from the bottom. <i>free</i>: you place each stock card on any pile that has not had
its card this round.</p>
<p><b>While the stock lasts</b> only the top cards of the bottom row play, and only to the foundations; an emptied
bottom pile is refilled at once from the stock.</p>
<p><b>When the stock is empty</b> every top card plays: to a foundation, or onto another pile's top card of the same
suit one rank higher or lower. Empty piles stay empty. In <i>classic</i> the piles may be gathered and dealt again
twice (three passes in all).</p>`,
    "precedence": `<h3>Precedence</h3>
<p>Two packs. <b>Goal:</b> all 104 cards on the eight foundations. Also called Order of Precedence, Panama, Downing Street.</p>
<p><b>Foundations</b> are started left to right by a King, Queen, Jack, 10, 9, 8, 7 and 6 of any suit, each only once
the foundation to its left is started. Each is built down regardless of suit, round the corner (Ace then King),
until it holds 13 cards: the King foundation ends on an Ace, the Queen one on a King, and so on.</p>
<p><b>Play:</b> deal one card at a time onto the waste; its top card may go to a foundation. When the stock is empty
the waste may be turned over twice (three passes in all).</p>
<p><i>king-out</i> (default): the first King starts the first foundation before play. <i>first-king</i>: all cards are in
the stock, and the first King you play starts it.</p>`,
    sources: `<p class="small"><b>Sources.</b> British Square: the English Wikipedia article and its books
(Lady Adelaide Cadogan, <i>Illustrated Games of Patience</i>; Morehead and Mott-Smith; David Parlett, <i>The Penguin Book of
Patience</i>). Square: an old Russian description of the nineteenth-century patience «Квадрат». Precedence: the English
Wikipedia article. Where the texts are silent, Cadogan follows the rules as written above.</p>
<p class="small"><b>Double-click</b> (double-tap) a card to send it home: to the foundation proven never worse; when no foundation is, the candidates light up and you pick one.</p>`,
  },
  ru: {
    "british-square": `<h3>Британский квадрат</h3>
<p>Две колоды. <b>Цель:</b> собрать все 104 карты на четырёх базах.</p>
<p><b>Расклад.</b> Сдаются шестнадцать карт: <i>piles</i> (по умолчанию) — шестнадцать стопок в четыре ряда по четыре;
<i>columns</i> — четыре колонки по четыре карты, доступна только верхняя карта колонки. Остальное — колода.</p>
<p><b>Базы</b> строятся «туда и обратно»: каждую начинает туз (по одной на масть), она растёт в масть до короля,
затем от второго короля убывает до туза — 26 карт. Стрелка показывает, куда база идёт сейчас.</p>
<p><b>Стопки.</b> Верхнюю карту стопки (или сброса) можно положить на верхнюю карту другой стопки той же масти на
единицу старше или младше (король и туз не соседи). Как только на стопку положили карту, её направление закреплено
(↑ или ↓ у стопки), пока положенные карты не уйдут.</p>
<p><b>Пустую стопку</b> надо сразу заполнить картой из сброса или колоды; карты со стопок её не заполняют.</p>
<p><b>Колода:</b> карты сдаются по одной в сброс; один проход, пересдачи нет.</p>`,
    "square": `<h3>Квадрат</h3>
<p>Две колоды. <b>Цель:</b> собрать все 104 карты на восьми базах.</p>
<p><b>Базы.</b> Первые туз и король каждой масти выкладываются сразу: тузы слева растут в масть до короля,
короли справа убывают в масть до туза.</p>
<p><b>Квадрат</b> — двенадцать стопок, четыре ряда по три. <i>classic</i> (по умолчанию): колода сдаётся кругами по
двенадцать карт, колонка за колонкой снизу вверх. <i>free</i>: каждую карту колоды вы кладёте на любую стопку, которая
в этом круге ещё не получила карту.</p>
<p><b>Пока есть колода,</b> играют только верхние карты нижнего ряда и только на базы; опустевшая стопка нижнего ряда
сразу пополняется из колоды.</p>
<p><b>Когда колода кончилась,</b> играет верхняя карта любой стопки: на базу или на верхнюю карту другой стопки той же
масти на единицу старше или младше. Пустые стопки остаются пустыми. В <i>classic</i> стопки можно собрать и сдать
заново дважды (всего три прохода).</p>`,
    "precedence": `<h3>Прецеденция (Precedence)</h3>
<p>Две колоды. <b>Цель:</b> собрать все 104 карты на восьми базах. Другие названия: Order of Precedence, «Панама», «Даунинг-стрит».</p>
<p><b>Базы</b> начинаются слева направо королём, дамой, валетом, десяткой, девяткой, восьмёркой, семёркой и шестёркой
любой масти, каждая — только когда начата база слева. Каждая строится вниз без учёта масти, через угол (после туза —
король), пока в ней не будет 13 карт: база короля кончается тузом, база дамы — королём и так далее.</p>
<p><b>Игра:</b> карты сдаются по одной в сброс; верхнюю карту сброса можно положить на базу. Когда колода кончилась,
сброс можно перевернуть дважды (всего три прохода).</p>
<p><i>king-out</i> (по умолчанию): первый король кладётся на первую базу до начала игры. <i>first-king</i>: вся колода
в игре, первую базу начинает первый король, которого вы положите.</p>`,
    sources: `<p class="small"><b>Источники.</b> «Британский квадрат»: статья английской Википедии и её книги
(леди Аделаида Кадоган, <i>Illustrated Games of Patience</i>; Морхед и Мотт-Смит; Дэвид Парлетт, <i>The Penguin Book of
Patience</i>). «Квадрат»: старинное русское описание пасьянса XIX века. «Прецеденция»: статья английской Википедии.
Где тексты молчат, Cadogan следует правилам, как они изложены выше.</p>
<p class="small"><b>Двойной щелчок</b> (двойное касание) по карте отправляет её на базу — на ту, что заведомо не хуже других; если такой нет, подсвечиваются возможные базы, и вы выбираете сами.</p>`,
  },
};

// Display data per game (captions printed on the table, like a printed layout; never rules checks).
export const GAME_NAMES = {
  en: { "british-square": "British Square", square: "Square", precedence: "Precedence" },
  ru: { "british-square": "Британский квадрат", square: "Квадрат", precedence: "Прецеденция" },
};

let lang = "en";
export function setLang(value) { lang = TEXT[value] ? value : "en"; document.documentElement.lang = lang; }
export function getLang() { return lang; }
export function pickLang(saved) {
  if (saved && TEXT[saved]) return saved;
  const wanted = (navigator.languages || [navigator.language || "en"]).map((l) => l.slice(0, 2).toLowerCase());
  return wanted.find((l) => TEXT[l]) || "en";
}

/**
 * The plural form index of `n` in language `language`: English one/other, Russian one/few/many.
 * Russian: 1, 21, 101 → one; 2-4, 22-24 → few; 0, 5-20, 25-30, 111-114 → many.
 */
export function pluralIndex(n, language = lang) {
  const abs = Math.abs(n);
  if (language !== "ru") return abs === 1 ? 0 : 1;
  const ten = abs % 10, hundred = abs % 100;
  if (ten === 1 && hundred !== 11) return 0;
  if (ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)) return 1;
  return 2;
}

/** The text of `key` in the current language, {name} filled from params; an array is a plural by params.n. */
export function t(key, params = {}) {
  let text = TEXT[lang][key] ?? TEXT.en[key] ?? key;
  if (Array.isArray(text)) text = text[Math.min(text.length - 1, pluralIndex(Number(params.n ?? 0)))];
  return text.replace(/\{(\w+)\}/g, (_, name) => (params[name] ?? `{${name}}`));
}

// --- messages from the server's error codes (contract.md): never from its English text ------------
const SUIT_PLURALS = { en: { C: "clubs", D: "diamonds", H: "hearts", S: "spades" },
                       ru: { C: "трефы", D: "бубны", H: "червы", S: "пики" } };
const DIRECTIONS = { en: { up: "up", down: "down" }, ru: { up: "вверх", down: "вниз" } };

const ERRORS = {
  en: {
    "no-redeal": "this game has no redeal", "redeals-used": "the redeals are used up",
    "stock-not-empty": "not while the stock still has cards", "stock-empty": "the stock is empty",
    "waste-empty": "the waste is empty", "source-empty": "{pile} is empty",
    "fill-empty-first": "an empty pile must be filled from the waste or the stock first",
    "no-empty-pile": "a stock card goes only onto an empty pile, and none is empty",
    "empty-needs-stock": "{pile} is empty: only the waste or the stock may fill it",
    "foundation-final": "cards on the foundations never move again",
    "foundation-needs-ace": "{card} cannot start a foundation: only an Ace can",
    "suit-started": "{card} cannot start a foundation: one in {suit} is already started",
    "pile-complete": "{pile} is complete", "foundation-suit": "{card} does not go on {pile}: it is built in {suit}",
    "foundation-wants": "{card} does not go on {pile}: it needs {want}",
    "foundation-order": "{pile} cannot be started before {before}",
    "tableau-suit": "{card} does not go on {pile}: only {suit} go there",
    "tableau-rank": "{card} does not go on {top}: it must be one rank above or below",
    "tableau-direction": "{card} does not go on {pile}: it builds {direction}",
    "waste-top-only": "only the top card of the waste moves", "no-tableau": "this game has no tableau piles",
    "place-one-by-one": "stock cards are placed on the piles one by one",
    "deal-in-rounds": "the stock is dealt in rounds: use Deal",
    "bottom-row-only": "while the stock lasts only the bottom row plays",
    "no-building-yet": "no building on the square until the stock is used up",
    "empty-stays-empty": "{pile} is empty and stays empty",
    "stock-to-square": "stock cards go onto the square, not the foundations",
    "round-has-card": "{pile} already has its card of this round", "no-such-pile": "this game has no pile {pile}",
    "unknown-game": "there is no game called {game}", "unknown-variant": "{game} has no variant {variant}",
    "bad-deal": "“{deal}” is not a deal number: use digits only",
    "deal-out-of-range": "deal {deal} is too large: deal numbers go from 0 to 18446744073709551615",
    "bad-move": "“{move}” is not a move", "bad-pile": "there is no pile {pile}", "bad-card": "“{card}” is not a card",
    "bad-position": "the position is not valid: {detail}", "bad-record": "the saved game is damaged",
    "nothing-to-undo": "there is no move to undo", "nothing-to-redo": "there is no move to redo",
    "malformed-body": "the request was garbled", "body-too-large": "the request was too large",
    "body-timeout": "the request came too slowly", "bad-parameter": "the parameter {name} is not valid",
    "unknown-route": "the server has no such address", "unknown-game-id": "this game is no longer on the server",
    "forbidden": "the server refused a request from another site",
    "busy": "the solver is busy: try again in a moment", "rate-limited": "too many requests: wait a moment",
    "game-too-long": "this game has reached {limit} moves, the most a game may have: undo or restart to play on",
    "stale-game": "the game changed meanwhile in another window: reload the page",
    "malformed-request": "the request was garbled", "head-timeout": "the request came too slowly",
    "no-legal-move": "the game is over: there is no move to advise",
    "game-not-over": "this game is not over: its replay would show cards not yet seen",
  },
  ru: {
    "no-redeal": "в этой игре нет пересдачи", "redeals-used": "пересдачи кончились",
    "stock-not-empty": "нельзя, пока в колоде есть карты", "stock-empty": "колода пуста",
    "waste-empty": "сброс пуст", "source-empty": "{pile}: пусто",
    "fill-empty-first": "сначала заполните пустую стопку из сброса или колоды",
    "no-empty-pile": "карта колоды кладётся только на пустую стопку, а пустых нет",
    "empty-needs-stock": "{pile} пуста: её заполняют только из сброса или колоды",
    "foundation-final": "карты с баз не уходят",
    "foundation-needs-ace": "{card} не может начать базу: только туз",
    "suit-started": "{card} не может начать базу: база масти «{suit}» уже начата",
    "pile-complete": "{pile}: собрана", "foundation-suit": "{card} не идёт на {pile}: там собираются {suit}",
    "foundation-wants": "{card} не идёт на {pile}: туда нужна карта {want}",
    "foundation-order": "{pile} нельзя начать раньше, чем {before}",
    "tableau-suit": "{card} не идёт на {pile}: туда идут только {suit}",
    "tableau-rank": "{card} не идёт на {top}: нужна карта на единицу старше или младше",
    "tableau-direction": "{card} не идёт на {pile}: стопка строится {direction}",
    "waste-top-only": "ходит только верхняя карта сброса", "no-tableau": "в этой игре нет стопок",
    "place-one-by-one": "карты колоды кладутся на стопки по одной",
    "deal-in-rounds": "колода сдаётся кругами: нажмите «сдать»",
    "bottom-row-only": "пока есть колода, играет только нижний ряд",
    "no-building-yet": "пока есть колода, на квадрате строить нельзя",
    "empty-stays-empty": "{pile} пуста и остаётся пустой",
    "stock-to-square": "карты колоды кладутся на квадрат, а не на базы",
    "round-has-card": "{pile} уже получила карту в этом круге", "no-such-pile": "в этой игре нет стопки {pile}",
    "unknown-game": "игры {game} нет", "unknown-variant": "у игры {game} нет варианта {variant}",
    "bad-deal": "«{deal}» — не номер расклада: только цифры",
    "deal-out-of-range": "расклад {deal} слишком велик: номера идут от 0 до 18446744073709551615",
    "bad-move": "«{move}» — не ход", "bad-pile": "стопки {pile} нет", "bad-card": "«{card}» — не карта",
    "bad-position": "позиция неверна: {detail}", "bad-record": "сохранённая партия повреждена",
    "nothing-to-undo": "отменять нечего", "nothing-to-redo": "возвращать нечего",
    "malformed-body": "запрос искажён", "body-too-large": "запрос слишком велик",
    "body-timeout": "запрос шёл слишком долго", "bad-parameter": "неверный параметр {name}",
    "unknown-route": "у сервера нет такого адреса", "unknown-game-id": "этой партии на сервере больше нет",
    "forbidden": "сервер отказал запросу с чужого сайта",
    "busy": "решатель занят: попробуйте чуть позже", "rate-limited": "слишком много запросов: подождите немного",
    "game-too-long": "в партии уже {limit} ходов, больше не бывает: отмените ход или начните заново",
    "stale-game": "партия тем временем изменилась в другом окне: обновите страницу",
    "malformed-request": "запрос искажён", "head-timeout": "запрос шёл слишком медленно",
    "no-legal-move": "партия окончена: советовать нечего",
    "game-not-over": "партия не окончена: её повтор показал бы ещё не открытые карты",
  },
};

/** A pile code from the server ("t3", "f2", "w", "s") in words; anything else as it is. */
export function pileName(name) {
  if (name === "s") return t("stock");
  if (name === "w") return t("waste");
  if (/^[ft][0-9]+$/.test(name)) return t(name[0] === "f" ? "foundation" : "tableau", { n: name.slice(1) });
  return name;
}

/** The fields of an error in words: piles named, cards as signs, ranks and suits spelt out. */
function errorFields(data) {
  const out = { ...data };
  for (const key of ["pile", "before", "top"]) {
    if (typeof data[key] === "string") out[key] = /^[ftws][0-9]*$/.test(data[key]) ? pileName(data[key]) : cardOrText(data[key]);
  }
  if (typeof data.card === "string") out.card = cardOrText(data.card);
  if (typeof data.suit === "string") out.suit = SUIT_PLURALS[lang][data.suit] || data.suit;
  if (typeof data.direction === "string") out.direction = DIRECTIONS[lang][data.direction] || data.direction;
  if (typeof data.rank === "string") {
    const r = RANK_LETTERS.indexOf(data.rank);
    out.want = data.suit && r >= 0 ? cardSign(data.rank + data.suit) : r >= 0 ? rankSign(r) : data.rank;
  }
  return out;
}

function cardOrText(text) {
  return /^[A2-9TJQK][CDHS]$/.test(text) ? cardSign(text) : text;
}

/**
 * The words for an error answer {error, code?, ...fields}: built from the code and its fields in the
 * player's language; the server's English `error` only when the code is missing or new.
 */
export function errorText(data) {
  const template = data && data.code ? ERRORS[lang][data.code] : null;
  if (!template) return data && data.error ? data.error : "";
  return template.replace(/\{(\w+)\}/g, (_, name) => (errorFields(data)[name] ?? ""));
}

/** Variant names as the player reads them. */
const VARIANT_NAMES = {
  en: { piles: "piles", columns: "columns", classic: "classic", free: "free", "king-out": "king out", "first-king": "first king" },
  ru: { piles: "стопки", columns: "колонки", classic: "классический", free: "свободный", "king-out": "король выложен", "first-king": "первый король" },
};
export function variantName(gameId, variant) { return VARIANT_NAMES[lang][variant] || variant; }

export function rankSign(rankIndex) { return RANK_SIGNS[lang][rankIndex]; }
export function rankName(rankIndex) { return RANKS[lang][rankIndex]; }

function capitalise(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

/** "7H" -> "Seven of hearts" / "Семёрка червей". */
export function cardName(code) {
  const r = RANK_LETTERS.indexOf(code[0]);
  if (r < 0) return code;
  return lang === "ru" ? capitalise(`${RANKS.ru[r]} ${SUITS.ru[code[1]]}`) : `${RANKS.en[r]} of ${SUITS.en[code[1]]}`;
}

/** The short sign of a card for captions: "7♥", "В♠". */
export function cardSign(code) {
  const r = RANK_LETTERS.indexOf(code[0]);
  return RANK_SIGNS[lang][r] + (code[1] ? SUIT_SIGNS[code[1]] : "");
}

export function gameName(id) { return GAME_NAMES[lang][id] || id; }
export function rulesHtml(gameId) { return (RULES[lang][gameId] || "") + RULES[lang].sources; }

/** Apply t() to every element with data-i18n (text) or data-i18n-label (aria-label and title). A button
 * that carries its words (a .label, seen or for screen readers only) is named by them: no aria-label. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    if (el.tagName !== "BUTTON" || !el.querySelector(".label")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
    if (el.tagName === "BUTTON") el.title = t(el.dataset.i18nLabel);
  }
  document.title = t("title");
}
