/**
 * @module A knowledge sentence made fit to open or continue an answer (issue 8): spoken fillers
 * ("so, um,") and the name of a listener it was addressed to ("Ellie, …") left out, a capital
 * first letter and an end mark.
 */

const FILLER = /^(so|um+|uh+|well|okay|ok|and|but|now|right|yeah|you know|oh),?\s+/i;

/** Capitalised words that open a sentence without naming anyone ("Honestly, …", "Yes, …"). */
const NOT_NAMES = new Set(
  `yes no well sure okay ok so now first second third then also however sometimes today again actually still
  otherwise look listen right plus oh ah anyway instead later meanwhile next last often once mostly besides
  indeed overall here there this that these those it and but or
  thanks sorry please hey hi hello wow alright fine great good perfect true fair exactly
  the a an in on at for with when after before if while as every each some most many my our your their its
  one two three eventually finally because since until although though where what who how why yesterday
  tomorrow tonight`.split(/\s+/),
);

/**
 * Adjectives that open a sentence before a comma as often as a name does ("Calm, overcast days
 * are best.", "Cold, wet hands…"): qualities of weather, light, touch, size and age.
 */
const ADJECTIVES = new Set(
  `calm cold cool warm hot bright dark dim light cloudy sunny rainy windy stormy foggy misty grey gray clear
  quiet loud noisy wet dry damp humid soft hard smooth rough sharp dull fresh clean dirty thin thick long short
  wide narrow big small little large tiny heavy old new young early late slow fast quick simple easy cheap low
  high deep shallow flat straight tight loose raw ripe plain full empty sweet sour bitter green red blue white
  black brown yellow`.split(/\s+/),
);

/**
 * Endings of adjectives and adverbs ("Careful,", "Honestly,", "Obvious,", "Sharpest,"), after a
 * stem of three letters or more so that short names ("Clive", "Olive", "Trish") stay names.
 */
const ADJECTIVE_ENDING = /^\p{L}{3,}(?:ly|ful|ous|ive|less|able|ible|ish|est)$/u;

/** Whether a capitalised word before a comma is a listener's name rather than a word of the sentence. */
export function isName(word: string): boolean {
  const lower = word.toLowerCase();
  return !NOT_NAMES.has(lower) && !ADJECTIVES.has(lower) && !ADJECTIVE_ENDING.test(lower);
}

/** "Ellie, figured maple is hard" (to a listener whose question the answer left out). */
const LEADING_VOCATIVE = /^(\p{Lu}\p{Ll}+),\s+(?=\p{Ll})/u;
/**
 * "Probably nothing wrong, Ellie, figured maple is hard": a name between commas after a lowercase
 * word. Not one an article describes ("…knows every dog by name, Sprout, a border terrier who…"):
 * that one is in a list or in apposition.
 */
const INNER_VOCATIVE =
  /(?<=\b\p{Ll}[\p{Ll}'’-]*),\s+(\p{Lu}\p{Ll}+)(?:,\s+(?=\p{Ll})(?!(?:and|or|but|nor|a|an|the)\b)|(?=[.!?]))/gu;

/**
 * A word that makes a clause: "Ellie, figured maple *is* hard" after a leading name (not a list,
 * "Wide, long boards"); none in a thing-and-size set-up ("A red oak tabletop, 36 inches wide.").
 */
export const CLAUSE =
  /\b(?:is|are|was|were|be|been|do|does|did|have|has|had|can|could|will|would|should|must|may|might|you|I|we|they|it|that's|it's|there's|you're|you'll|you've|don't|won't|can't)\b/i;

/** The sentence without a listener's name it was addressed to. */
function withoutVocative(text: string): string {
  const lead = LEADING_VOCATIVE.exec(text);
  const rest = text.slice(lead?.[0].length ?? 0);
  // "Stir, don't shake": two commands, not someone addressed.
  // "Dafydd, who was a postman, makes our frames": a name the clause after it describes.
  const addressed =
    lead?.[1] &&
    isName(lead[1]) &&
    CLAUSE.test(rest) &&
    !/^(?:don't|do not|never|who|whose|whom|which)\b/i.test(rest);
  let out = lead && addressed ? text.slice(lead[0].length) : text;
  // "my grandfather, Arlo": a name in apposition, not someone addressed.
  const apposition = /\b(?:my|our|his|her|their)\s+[\p{Ll}'’-]+$/u;
  out = out.replace(INNER_VOCATIVE, (match, name: string, at: number, whole: string) =>
    isName(name) && !apposition.test(whole.slice(0, at))
      ? match.trimEnd().endsWith(',')
        ? ', '
        : ''
      : match,
  );
  return out;
}

/** "so, I feed it daily" → "I feed it daily", then a capital first letter and an end mark. */
export function tidySentence(sentence: string): string {
  let text = withoutVocative(sentence.trim());
  for (let i = 0; i < 2 && FILLER.test(text); i++) text = text.replace(FILLER, '');
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?…]["'”’)\]]*$/.test(text) ? text : `${text}.`;
}
