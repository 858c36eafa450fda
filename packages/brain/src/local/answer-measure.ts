/**
 * @module The measure a question asks for ("how far apart" → a length, "how loud" → decibels,
 * "what does it cost" → money) and whether a sentence states one: a number with the
 * question's own unit answers it better than any number (issue 8: "numbers and units for how
 * much/how many/what pressure").
 */

/** A number in digits or words, with hundred / thousand / million. */
export const NUMBER =
  '(?:\\d[\\d,./:]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|half|a half|a quarter|a third|an eighth|a sixteenth|a fortieth|a few|a couple of)(?: (?:hundred|thousand|million))?';

/** The units of a sum of money. */
const MONEY = 'dollars?|pounds|euros?|\\$|£|€';

/** A measure: the question words that ask for it and the units that state it. */
const MEASURES: readonly { asks: RegExp; units: string }[] = [
  // "How far ahead are you booked?" asks for a time, not a length.
  { asks: /\bhow far (ahead|in advance|out)\b/, units: 'days?|weeks?|months?|years?' },
  {
    asks: /\bhow (far(?! (ahead|in advance|out)\b)|wide|thick|deep|close|big|large|small|tall|high)\b|\bapart\b|\b(width|length|thickness|height|size|distance)\b/,
    units:
      'inch(?:es)?|feet|foot|millimet(?:re|er)s?|mm|centimet(?:re|er)s?|cm|met(?:re|er)s?|kilomet(?:re|er)s?|km|miles?|yards?|(?:fortieth|sixteenth|eighth|quarter|half) (?:of )?an inch|\'|"',
  },
  // "How large is the meadow?": an area.
  {
    asks: /\bhow (big|large|small)\b|\b(size|area)\b/,
    units: 'hectares?|acres?|square (?:met(?:re|er)s?|feet|foot|miles?|kilomet(?:re|er)s?)|m²|km²',
  },
  { asks: /\bhow heavy\b|\bweight\b/, units: 'pounds?|lbs?|kilograms?|kg|grams?|g|ounces?|oz' },
  { asks: /\bpressure\b/, units: 'psi|pounds per square inch|bar' },
  { asks: /\bhow loud\b|\bnoise\b|\bdecibels?\b/, units: 'decibels?|db' },
  { asks: /\bangles?\b|\bslope\b|\bbevel\b|\bratio\b/, units: 'degrees?|°|in \\d+|:\\d+' },
  { asks: /\bhow (hot|cold|warm)\b|\btemperature\b/, units: 'degrees?|°|f\\b|c\\b' },
  // "How steep does it get?": a gradient, "21 percent", "1 in 5".
  { asks: /\bhow steep\b|\bgradient\b|\bincline\b/, units: 'percent|%|degrees?|°|in \\d+' },
  {
    // "How much is a week-long class?" asks its price ("how much does it move?" does not).
    asks: /\bcosts?\b|\bprices?\b|\bpay\b|\bcharge\b|\bexpensive\b|\bbudget\b|\bearn\b|\brate\b|\bhow much (?:is|are|was|were|would be|will be) (?:a|an|one|the|your)\b|\bhow much (?:is|would it be|will it be) it to\b|\bhow much (?:would|will) (?:it|that) be to\b|\bhow much extra (?:is|are|will|would|does|do)\b|\bset (?:me|us|you|them|him|her) back\b/,
    units: MONEY,
  },
  { asks: /\bpercent(age)?\b|\bmoisture\b|\bhumidity\b|\bzone\b/, units: 'percent|%' },
  { asks: /\bgrits?\b/, units: 'grit' },
  // "How long should I practise each day?": minutes or hours, not "for forty years".
  { asks: /\bhow long\b.*\b(?:a|an|each|per|every) day\b/, units: 'minutes?|mins?|hours?|hrs?' },
  // "How old do you have to be?": an age, "10 and over", "16 or older", "12 years old"; "how old
  // were you?": "I was 41", "aged 41".
  {
    asks: /\bhow old\b|\b(?:minimum |what )age\b|\bold enough\b|\btoo (?:young|old)\b/,
    units: '(?:and|or) (?:over|older|up)|years? old|years? of age|aged|at the age of|I was',
  },
  { asks: /\bcadence\b|\bhow fast\b|\bspeed\b/, units: 'rpm|revolutions|mph|km/h' },
  // "What time does the stall open?": a time of day, "8 am", "6.30 pm", "half past eleven".
  {
    asks: /\bwhat time\b(?! of (?:the )?(?:year|day|month|season)\b)/,
    units:
      "a\\.?m\\b\\.?|p\\.?m\\b\\.?|o'clock|noon|midnight|past (?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\\b",
  },
];

/** Every unit of every measure. */
const ANY_UNIT = MEASURES.map((m) => m.units).join('|');

/** Plurals that are not the singular with -s or -es. */
const IRREGULAR: Readonly<Record<string, string>> = {
  people: 'people|persons?',
  children: 'child(?:ren)?',
  men: 'm[ae]n',
  women: 'wom[ae]n',
  mice: 'mouse|mice',
  geese: 'goose|geese',
  teeth: 'tooth|teeth',
  fish: 'fish(?:es)?',
  sheep: 'sheep',
};

/**
 * "How many people…?" asks for a count of people: "four thousand people" states it, "180
 * pounds" does not. The noun counted, singular or plural, is the unit.
 */
function countedNoun(text: string): string | null {
  const noun = /\bhow many ([a-z][a-z'-]*[a-z])\b/.exec(text)?.[1];
  if (!noun) return null;
  const irregular = IRREGULAR[noun];
  if (irregular) return irregular;
  const singular = noun.replace(/(?:(?<=(?:s|x|z|ch|sh))es|s)$/, '');
  const y = /[^aeiou]y$/.test(singular) ? `${singular.slice(0, -1)}(?:y|ies)` : null;
  return y ?? `${singular}(?:e?s)?`;
}

/**
 * The words of `question` asking for a price ("price" in "What's your price for…", "cost"): a
 * sentence giving a sum ("Upright piano tuning: 78 pounds.") says what they ask. Not "pay": "Do
 * I still have to pay while we're away?" asks whether, answered by "no charge", not by a sum.
 * (Nor a dimension's word: "the bench's height" is not any height.)
 */
export function priceWords(question: string): string[] {
  const text = question.toLowerCase();
  return MEASURES.filter((m) => m.units === MONEY).flatMap((m) =>
    [...text.matchAll(new RegExp(m.asks.source, 'g'))]
      .map((match) => match[0])
      .filter((word) => word !== 'pay'),
  );
}

/** "£28", "$1,450": a sum of money names its unit before the number. */
const MONEY_FIRST = String.raw`[$£€]\s?\d`;

/** The measure (askedMeasure's pattern) asks a sum of money. */
export const asksMoney = (measure: RegExp): boolean => measure.source.includes(`|${MONEY_FIRST}`);

/** A pattern matching a number with the unit `question` asks for; null when it asks for none. */
export function askedMeasure(question: string): RegExp | null {
  const text = question.toLowerCase();
  const counted = countedNoun(text);
  const units = [
    ...MEASURES.filter((m) => m.asks.test(text)).map((m) => m.units),
    ...(counted ? [counted] : []),
  ];
  if (units.length === 0) return null;
  const unit = `(?:${units.join('|')})`;
  // "about a quarter of an inch": a fraction of the unit, with no number before it.
  const fraction = `\\b(?:a|an|one|three) (?:quarter|half|third|eighth|sixteenth|fortieth)s? of an? ${unit}`;
  const money = units.includes(MONEY) ? `|${MONEY_FIRST}` : '';
  // "four small meals a day": what is counted may be described between the number and its name.
  // Not a unit: "a 70 kg rider", "the 1,450 dollar class" count kilograms and dollars.
  const described = counted ? `|\\b${NUMBER} (?!(?:${ANY_UNIT})\\b)[a-z]+ (?:${counted})\\b` : '';
  return new RegExp(
    `(?:[$£€]\\s?${NUMBER}|\\b${NUMBER})[- ]?(?:to ${NUMBER}[- ]?)?(?:or ${NUMBER}[- ]?)?${unit}|\\b${unit}\\s?${NUMBER}|${fraction}${money}${described}`,
    'i',
  );
}
