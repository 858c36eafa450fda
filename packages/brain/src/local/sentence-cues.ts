/**
 * @module What kind of fact a sentence states (an amount, a duration, a time, a step, a
 * reason…), matched against what a question asks for (question-intent.ts), and whether a
 * sentence opens by pointing back at something it does not say ("It gives you…", "That's
 * why…"), which an answer must never open with.
 */
import type { AnswerKind } from './question-intent';

/**
 * An answer kind, "past" (the creator telling their own story: "I was…", "I left…"), or
 * "earlier" (what came before: "Before I coached…", "I used to…").
 */
export type Cue = Exclude<AnswerKind, 'general'> | 'past' | 'earlier';

const NUMBER =
  '(?:\\d[\\d,./:]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|a hundred|half|a half|a quarter|a third|an eighth|a sixteenth|a fortieth|a few|a couple of)';
const UNIT =
  '(?:percent(?:age points?)?|degrees?|inch(?:es)?|feet|foot|millimet(?:re|er)s?|centimet(?:re|er)s?|kilomet(?:re|er)s?|met(?:re|er)s?|miles?|pounds?|ounces?|grams?|kilograms?|dollars?|grit|teeth|coats?|parts?|psi|watts?|revolutions|board feet|times|cuts?|benches|students|places|weeks?|years?)';
const TIME_UNIT = '(?:seconds?|minutes?|hours?|days?|nights?|weeks?|months?|years?|seasons?)';

/** Words that open a sentence without commanding: "The…", "After the…", "Usually it…". */
const NOT_A_COMMAND =
  'the|a|an|this|that|these|those|it|its|there|here|what|which|who|when|where|why|how|if|as|so|but|and|or|nor|yet|not|only|also|even|still|now|then|once|soon|today|tonight|tomorrow|yesterday|i|you|we|they|he|she|my|our|his|her|their|your|most|many|much|more|less|some|all|both|half|each|every|any|no|nobody|everyone|someone|people|after|before|in|on|at|by|for|from|with|without|into|onto|over|under|of|to|about|around|through|across|behind|beside|between|inside|outside|above|below|near|beyond|along|against|among|past|up|down|off|out|round|like|unlike|except|per|one|two|three|four|five|six|seven|eight|nine|ten|almost|nearly|quite|very|rather|perhaps|maybe|often|sometimes|again|too|enough|such|other|another|same|own|last|first|next|few|several|whatever|whoever';

/**
 * "Ring us instead", "Light the smoker", "Please don't spray them": a sentence opening on a verb
 * told to the reader, whatever the verb — a word that is no article, pronoun, preposition or
 * adverb, followed by its object. Not a verb in the past ("Rolled the first candles of the
 * winter": a diary's entry, not an instruction).
 */
const COMMAND = new RegExp(
  `^(?:(?:even so|so|and|please|just|then|now),?\\s+)*(?:don't\\s+|never\\s+|always\\s+)?(?!(?:${NOT_A_COMMAND})\\b)(?![a-z]+ly\\b)(?![a-z]+[^e]ed\\b)[a-z]+\\s+(?:us|me|them|it|him|her|the|a|an|your|each|every|some|any|this|these|those|yourself)\\b`,
  'i',
);

const CUES: readonly [Cue, RegExp][] = [
  ['steps', COMMAND],
  [
    'amount',
    new RegExp(
      `[$£€]\\s?\\d|\\d\\s?(?:%|°|mm|cm|km|kg|g|psi|rpm|bpm|mg|ml)\\b|\\b${NUMBER}[- ](?:(?:of )?an? )?${UNIT}\\b|\\b\\d+ ?(?:in|to|:) ?\\d+\\b|\\b\\d{2,}\\b|\\b\\d/\\d\\b`,
      'i',
    ),
  ],
  [
    'duration',
    new RegExp(
      // "6 dollars an hour" is a rate, not a duration.
      // "over the first year", "within a week": a span said without a number.
      `\\b${NUMBER}(?: to ${NUMBER})?[- ](?:and a half )?${TIME_UNIT}\\b|\\bovernight\\b|(?<!(?:dollars?|pounds|euros?|bucks)\\s)\\ban hour\\b|\\b(?:over|within) (?:a|an|the (?:first|next))(?: few| couple of)? (?:days?|weeks?|months?|years?|seasons?)\\b`,
      'i',
    ),
  ],
  [
    'frequency',
    // "twice a week", "per month", not "within a week" (a duration).
    /\bevery\b|\bonce (?:a|an|every)\b|\btwice\b|(?<!\b(?:within|in|for|about|over|under|than|after|before|take|takes|took|half|only|just) )\b(?:a|an) (?:day|week|month|year|hour)\b|\bper (?:day|week|month|year|hour)\b|\b(?:daily|weekly|monthly|yearly|annually)\b|\btimes a\b/i,
  ],
  [
    'time',
    /\b(?:1[89]|20)\d\d\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter)\b|\bwhen I was\b|\b(?:until|since) I was\b|\bI was \d\d\b|\bat (?:age )?\d\d?\b|\bin my (?:twenties|thirties|forties|fifties)\b|\bago\b|\b(?:am|pm)\b/i,
  ],
  // A time relative to an event: "45 to 60 minutes before the start", "the night before".
  [
    'time',
    new RegExp(
      `\\b${NUMBER}(?: to ${NUMBER})?[- ]${TIME_UNIT} (?:before|after|ahead)\\b|\\b(?:the )?(?:night|day|morning|evening) before\\b`,
      'i',
    ),
  ],
  [
    'steps',
    /^(?:put|use|set|add|apply|wipe|sand|cut|saw|glue|clamp|check|keep|start|stop|take|make|let|leave|give|buy|spray|rub|draw|lay|hold|mark|measure|tighten|flatten|hone|plane|rinse|dry|drink|eat|ride|aim|try|fit|replace|warm|stand|sit|shift|mix|melt|stir|flood|bring|sticker|split|drive|bore|shave|wait|rotate|flip|pare|chop|scribe|tilt|fill|scrub|hang|wax|oil|seal|cover|sharpen|don't|never|always|do)\b|\b(?:I|we) (?:use|put|set|start|leave|add|apply|wipe|sand|mix|flood|glue|clamp|keep|make|cut|saw|lay|plane|hone|spray|rub|wax|ride|eat|drink|tell|ask|space|alternate|spread)\b|(?<!\b(?:the|my|our|your|his|her|their|its|a) )\b(?:first|then|next|after that|step)\b/i,
  ],
  [
    'reason',
    /\bbecause\b|\bso that\b|\bthat's why\b|\bwhich is why\b|\bthe reason\b|\bthat means\b|\botherwise\b|\bcauses?\b|, so\b|\bmeans\b|\b(?:here's|here is|this is|that is|is) why\b/i,
  ],
  [
    'person',
    // A name ("Ted Varga"), not a place or an institution ("the Hale Bench School", "Tamsin Falls").
    /\b(?!I\b)[A-Z][a-z]+ (?!(?:School|College|University|Street|Road|Lane|Falls|Club|Shop|Farm|Barn|Bench|Hour|Notes|Episode|Podcast|Park|Valley|Hill|River|Dales|Mill|Market|Bakery)\b)[A-Z][a-z]+\b(?! [A-Z])|\bmy (?:teacher|grandfather|grandmother|mentor|father|mother)\b|\bcalled [A-Z]/,
  ],
  [
    'place',
    // "in December" is a time; "a stone mill twenty-two miles up the valley" a place.
    /\b(?:in|at|on|near|from|to) (?:the )?(?!(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b)(?:[A-Z][a-z]+)|\b(?:farm|town|village|city|coast|barn|garage|chapel|school|hospital|shop|mill|bakery|valley)\b|\bmiles? (?:up|down|from|outside|away|north|south|east|west|out)\b/,
  ],
  [
    'choice',
    /\bI (?:use|'d (?:choose|pick|buy|say|go with)|recommend|prefer|wear|ride|always use|love|like|want it|look for)\b|\bmy (?:recipe|choice|favourite|favorite|go-to|first choice)\b|\byou want\b|\bno contest\b|\bfirst choice\b|\bbuy an?\b/i,
  ],
  // A variety or a model named in quotes ("'Bandit' to stand right through to April").
  ['choice', /(?:^|[\s(])['‘"“]\p{Lu}[\p{L}\d' -]{1,30}['’"”](?=[\s,.;:!?)]|$)/u],
  [
    'definition',
    /^[\p{L}\d.&/-]+(?: [\p{L}\d.&/-]+){0,3} ?(?:\([^)]{3,}\))?:\s|^[\p{Lu}\d&/-]{2,}\s*\(|\b(?:means|stands for|is short for|is what (?:I|we|you) call)\b/u,
  ],
  [
    'composition',
    // Not "one part of each of three things": that says there are parts, not what they are.
    /\b(?:equal parts|(?:one|two|three|four|five|\d+) parts? (?!of each\b)|parts? by (?:volume|weight)|made (?:of|from|with)|an? (?:mix|mixture|blend) of|ingredients?|(?:my|our|the) recipe(?= is\b|:))\b/i,
  ],
  [
    'past',
    /\bI (?:was|did|spent|worked|grew|took|left|started|learned|made|bought|tried|won|had|went|quit|became|apprenticed|saved|wrote|crashed|finished|raced|ran|charged|earned|opened|lost|moved)\b|\bI've (?:been|done|had|made)\b|\bmy first\b|\bwhen I\b/,
  ],
  [
    'earlier',
    // "Before I coached, I taught", not "it took until 2017 before I was earning".
    /(?:^|[,;:-]\s*)before I\b|\bI used to\b|\bback then\b|\boriginally\b|\bbefore that\b|\bmy (?:old|former|previous) (?:job|career|life)\b|\bI was an? (?:\w+ ){1,3}for (?:\w+ ){1,2}years\b|\bI spent (?:\w+ ){1,2}years\b|\bfor (?:\w+ ){1,2}years,? I was\b|\bI spent my (?:teens|twenties|thirties|forties)\b|\bfor a living\b|^for (?:\w+ ){1,2}years,? I (?!am\b|have\b|do\b)\w+/i,
  ],
];

/** The cues `sentence` carries. */
export function sentenceCues(sentence: string): Set<Cue> {
  return new Set(CUES.filter(([, pattern]) => pattern.test(sentence)).map(([cue]) => cue));
}

/**
 * Words that refer back to something said before: never the first word of an answer. So do the
 * connectives that carry on from it ("After that it's fondant…", "However, …", "Even so, …").
 */
const REFERENCE =
  /^["'“‘(]*(?:it|it's|its|or|this|that|that's|these|those|they|they're|their|them|he|she|him|his|her|both|such|which|because|also|plus|then|there's|here|here's|same|other|another|ours|mine|yours|theirs|however|otherwise|instead|meanwhile|therefore|likewise|similarly|(?:after|before|apart from|other than|besides|on top of|despite|in spite of|because of|instead of|since|until|till|by|at) (?:that|this|then|which))\b|^["'“‘(]*(?:even so|still|again|anyway|besides),/i;

/** Spoken fillers an answer drops from a sentence's start ("And it's…" is read as "It's…"). */
const FILLER = /^(so|um+|uh+|well|okay|ok|and|but|now|right|yeah|you know|oh),?\s+/i;

/** True when `sentence` opens with a pronoun, demonstrative or connective pointing backwards. */
export function opensWithReference(sentence: string): boolean {
  let text = sentence.trim();
  for (let i = 0; i < 2 && FILLER.test(text); i++) text = text.replace(FILLER, '');
  return REFERENCE.test(text);
}
