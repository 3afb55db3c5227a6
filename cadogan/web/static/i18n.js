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
    stock: "Stock", waste: "Waste", foundation: "Foundation {n}", tableau: "Pile {n}",
    board: "Card table: arrow keys move between piles, Enter picks up and drops, Esc cancels",
    cards: "{n} cards", oneCard: "1 card", empty: "empty", onTop: "{card} on top",
    needs: "needs the {card}", needsRank: "needs a {rank} of any suit", needsAce: "needs an Ace",
    complete: "complete", notYet: "not started yet", buildsUp: "builds up", buildsDown: "builds down",
    freeDir: "either way", nextCard: "next card {card}", nextStockCard: "the next stock card", dealHint: "deal ▸", placeHint: "place ▸",
    redealHint: "turn over ↻", endsOn: "{first} … {last}", spanLong: "{first} to {last}",
    moved: "Moved {card} from {from} to {to}", dealt: "Dealt a card", dealtRound: "Dealt a round",
    redealt: "Started the next pass", placed: "Placed {card} on {to}",
    undone: "Undid {move}", redone: "Redid {move}", restarted: "Back to the start of the deal",
    picked: "Picked up {card} from {from}: choose where it goes", cancelled: "Put back",
    nothingToPick: "Nothing to pick up here", cannot: "Cannot move: {reason}",
    noFoundationMove: "{card} cannot go to a foundation now",
    hintMove: "Hint: move {card} from {from} to {to}", hintDeal: "Hint: deal from the stock",
    hintRedeal: "Hint: turn the waste over (next pass)", hintPlace: "Hint: place the next card on {to}",
    hintNone: "No hint: the solver could not decide in time", hintLost: "No winning line is left from here",
    moveLost: "This game can no longer be won, though it could after move {n}: undo (Ctrl+Z) to go back.",
    moveLostStart: "This game can no longer be won, though it could at the start: undo (Ctrl+Z) to go back.",
    thinking: "Thinking…",
    verdict_winnable: "Still winnable", verdict_lost: "Cannot be won any more", verdict_unknown: "Could not decide in time",
    wonTitle: "You won!", wonText: "Deal {deal} solved in {moves} moves, {time}.",
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
    animations: "Animations", showTimer: "Show the timer", checkVerdict: "Check after every move whether the game is still winnable",
    winnableOnly: "New deals: winnable deals only (proven by the solver)",
    summaryKey: "S reads a summary", keys: "Keys",
    keysText: "Arrows: move between piles · Enter/Space: pick up, drop · Esc: cancel · D: deal · U or Ctrl+Z: undo · R or Ctrl+Y: redo · H: hint · S: summary · double-click: to a foundation",
    summary: "{game}, deal {deal}. {moves} moves. Foundations: {found} cards of 104. Stock {stock}. {extra}",
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
    replayKeys: ", . or PageUp/PageDown: step · Home/End: start/end · Esc: close",
  },
  ru: {
    title: "Кадоган", game: "Игра", variant: "Вариант", deal: "Расклад", go: "Сыграть расклад",
    newDeal: "Новый расклад", restart: "Заново", undo: "Отменить", redo: "Вернуть", hint: "Подсказка",
    stats: "Статистика", rules: "Правила", settings: "Настройки", close: "Закрыть", language: "Язык",
    moves: "Ходы", time: "Время", redealsLeft: "Осталось пересдач", gathersLeft: "Осталось сборов",
    phaseDealing: "Сдача: играет только нижний ряд", phaseBuilding: "Раскладывание: играют все стопки",
    stock: "Колода", waste: "Сброс", foundation: "База {n}", tableau: "Стопка {n}",
    board: "Стол: стрелки — переход между стопками, Enter — взять и положить, Esc — отмена",
    cards: "карт: {n}", oneCard: "1 карта", empty: "пусто", onTop: "сверху {card}",
    needs: "ждёт: {card}", needsRank: "ждёт: {rank} любой масти", needsAce: "ждёт туза",
    complete: "собрана", notYet: "ещё не начата", buildsUp: "вверх", buildsDown: "вниз",
    freeDir: "в любую сторону", nextCard: "следующая карта {card}", nextStockCard: "следующая карта колоды", dealHint: "сдать ▸", placeHint: "положить ▸",
    redealHint: "перевернуть ↻", endsOn: "{first} … {last}", spanLong: "от: {first}, до: {last}",
    moved: "{card}: {from} → {to}", dealt: "Сдана карта", dealtRound: "Сдан круг",
    redealt: "Начат следующий проход", placed: "{card} положена: {to}",
    undone: "Отменён ход {move}", redone: "Возвращён ход {move}", restarted: "Расклад начат заново",
    picked: "Взята карта: {card} ({from}); выберите, куда её положить", cancelled: "Карта возвращена",
    nothingToPick: "Здесь нечего взять", cannot: "Так нельзя: {reason}",
    noFoundationMove: "{card} сейчас не идёт на базу",
    hintMove: "Подсказка: {card} — {from} → {to}", hintDeal: "Подсказка: сдайте карту из колоды",
    hintRedeal: "Подсказка: переверните сброс (следующий проход)", hintPlace: "Подсказка: положите следующую карту: {to}",
    hintNone: "Подсказки нет: решатель не успел", hintLost: "Выигрыша отсюда больше нет",
    moveLost: "Эту партию уже не выиграть, а после хода {n} ещё было можно: отмените ходы (Ctrl+Z).",
    moveLostStart: "Эту партию уже не выиграть, а в начале было можно: отмените ходы (Ctrl+Z).",
    thinking: "Думаю…",
    verdict_winnable: "Ещё можно выиграть", verdict_lost: "Выиграть уже нельзя", verdict_unknown: "Решатель не успел",
    wonTitle: "Победа!", wonText: "Расклад {deal} собран за {moves} ходов, {time}.",
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
    animations: "Анимация", showTimer: "Показывать время", checkVerdict: "После каждого хода проверять, можно ли ещё выиграть",
    winnableOnly: "Новые расклады: только выигрышные (доказано решателем)",
    summaryKey: "S — сводка", keys: "Клавиши",
    keysText: "Стрелки — по стопкам · Enter/пробел — взять, положить · Esc — отмена · D — сдать · U или Ctrl+Z — отменить · R или Ctrl+Y — вернуть · H — подсказка · S — сводка · двойной щелчок — на базу",
    summary: "{game}, расклад {deal}. Ходов: {moves}. На базах {found} карт из 104. В колоде {stock}. {extra}",
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
    replayKeys: ", . или PageUp/PageDown — шаг · Home/End — начало/конец · Esc — закрыть",
  },
};

// Server reasons are English; the most common ones are translated, the rest shown as they are.
const REASONS_RU = [
  [/^(.+) does not go on (\S+): it needs the (\S+)$/, "$1 не идёт на $2: нужна $3"],
  [/^(.+) does not go on (\S+): (\S+) builds up$/, "$1 не идёт на $2: стопка $3 строится вверх"],
  [/^(.+) does not go on (\S+): (\S+) builds down$/, "$1 не идёт на $2: стопка $3 строится вниз"],
  [/^(.+) does not go on (\S+): it needs a (\S) card$/, "$1 не идёт на $2: нужна карта масти $3"],
  [/^(.+) does not go on (\S+): it is built in (\S)$/, "$1 не идёт на $2: там собирается масть $3"],
  [/^(.+) does not go on (\S+): it needs .*$/, "$1 не идёт на $2"],
  [/^(.+) cannot start a foundation: only an Ace can$/, "$1 не может начать базу: только туз"],
  [/^an empty pile must be filled from the waste or the stock first$/, "сначала заполните пустую стопку из сброса или колоды"],
  [/^while the stock lasts only the bottom row \(t10, t11, t12\) is playable$/, "пока есть колода, играет только нижний ряд"],
  [/^no building on the square until the stock is used up$/, "пока есть колода, на квадрате строить нельзя"],
  [/^cards on the foundations never move again$/, "карты с баз не уходят"],
  [/^the stock is empty$/, "колода пуста"],
  [/^the waste is empty$/, "сброс пуст"],
  [/^(\S+) is empty$/, "$1 пуста"],
  [/^(\S+) is complete$/, "$1 собрана"],
];

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
Wikipedia article. Where the texts are silent, Cadogan's decisions are listed in docs/rules.md.</p>`,
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
Где тексты молчат, решения Cadogan перечислены в docs/rules.md.</p>`,
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

export function t(key, params = {}) {
  const text = TEXT[lang][key] ?? TEXT.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (params[name] ?? `{${name}}`));
}

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

/** A reason from the server in the player's language, card codes (QD) written as signs (Q♦). */
export function translateReason(reason) {
  let text = reason;
  if (lang === "ru") {
    const rule = REASONS_RU.find(([pattern]) => pattern.test(reason));
    if (rule) text = reason.replace(rule[0], rule[1]);
  }
  return text.replace(/\b([A2-9TJQK])([CDHS])\b/g, (code) => cardSign(code));
}

/** Apply t() to every element with data-i18n (text) or data-i18n-label (aria-label and title). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
    if (el.tagName === "BUTTON") el.title = t(el.dataset.i18nLabel);
  }
  document.title = t("title");
}
