/**
 * @module A small synonym layer for retrieval and answer composition (issue 8): British and
 * American spellings, and a few words that visitors and creators use for the same thing.
 * Groups are matched by stem, so "glued", "gluing" and "adhesives" all count.
 */
import { stem } from './terms';

/**
 * Each line is one group; every word of a group stands for the others. A group may list
 * inflections the stemmer keeps apart (Snowball stems "glue" to glue but "glued" to glu).
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['glue', 'glued', 'adhesive'],
  ['sharpen', 'hone'],
  ['colour', 'color'],
  ['favourite', 'favorite'],
  ['grey', 'gray'],
  ['centre', 'center'],
  ['millimetre', 'millimeter'],
  ['litre', 'liter'],
  ['tyre', 'tire'],
  ['practise', 'practice'],
  ['mould', 'mold'],
  ['plough', 'plow'],
  ['aluminium', 'aluminum'],
  ['fibre', 'fiber'],
  ['colourful', 'colorful'],
  ['price', 'cost', 'charge', 'fee'],
  ['pay', 'paid'],
  ['job', 'career', 'profession', 'occupation'],
  ['lumber', 'timber'],
  ['mistake', 'error'],
  // Everyday words and the words people write for the same thing, for any creator.
  ['male', 'boy'],
  ['female', 'girl'],
  ['animal', 'creature', 'critter'],
  ['refund', 'reimburse', 'reimbursement'],
  ['sell', 'sold', 'commission', 'commissioned'],
  ['buy', 'bought', 'purchase'],
  ['teach', 'taught', 'teacher', 'lesson', 'student', 'pupil', 'instructor'],
  ['beginner', 'novice', 'newcomer'],
  ['kid', 'child', 'children', 'toddler'],
  ['big', 'large', 'size', 'huge', 'bigger', 'biggest', 'larger', 'largest'],
  ['small', 'little', 'tiny', 'smaller', 'smallest'],
  ['old', 'age', 'aged'],
  ['alone', 'solo'],
  ['visit', 'visitor', 'drop-in'],
  ['fog', 'fogged', 'mist', 'misted'],
  ['cancel', 'cancellation', 'cancelled'],
  ['fix', 'repair', 'mend'],
  ['gear', 'kit', 'equipment'],
  ['pet', 'pets'],
  ['partner', 'spouse', 'wife', 'husband', 'married'],
  ['rubbish', 'litter', 'trash', 'garbage'],
  ['holiday', 'vacation'],
  ['hire', 'rent', 'rental', 'borrow'],
  ['abroad', 'overseas'],
  ['gift', 'present', 'voucher'],
  ['film', 'movie'],
  ['shop', 'store'],
  ['sea', 'ocean'],
  ['vegetable', 'veg', 'veggie', 'veggies'],
  ['hard', 'difficult'],
  ['afraid', 'scared', 'frightened', 'fear', 'frightening', 'scary', 'scariest', 'terrifying'],
  ['fast', 'quick', 'speed'],
  ['recommend', 'suggest'],
  ['bike', 'bicycle'],
  ['cycling', 'riding'],
  ['high', 'height', 'tall'],
  ['slope', 'ratio', 'angle', 'pitch'],
  ['loud', 'noise', 'noisy', 'decibel'],
  ['quiet', 'silent'],
  ['rain', 'rainy', 'wet'],
  ['percent', 'percentage'],
  ['carb', 'carbs', 'carbohydrate'],
  ['reapply', 're-oil', 'recoat', 're-coat'],
  ['sticky', 'tacky', 'gummy'],
  ['strange', 'strangest', 'odd', 'oddest', 'weird', 'weirdest', 'unusual'],
  ['nip', 'nipping', 'nipped', 'bite'],
  ['squeal', 'yelp'],
  ['sour', 'tangy', 'tang'],
  ['shake', 'shaking', 'tremble', 'trembling', 'shiver'],
  ['quid', 'pound'],
  ['course', 'class'],
  ['far', 'distance', 'mile', 'miles'],
  ['extra', 'supplement', 'surcharge'],
  ['sunny', 'sun', 'sunshine', 'sunlight'],
  // Irregular forms the stemmer cannot meet.
  ['long', 'longer', 'longest'],
  ['loaf', 'loaves'],
  // Comparatives and superlatives the stemmer keeps apart ("the biggest one?" — "Large box").
  ['cheap', 'cheaper', 'cheapest'],
  ['hot', 'hotter', 'hottest'],
  ['easy', 'easier', 'easiest'],
  ['hill', 'hills', 'hilly'],
  ['grow', 'grew', 'grown'],
  ['learn', 'learnt', 'learned', 'apprentice', 'apprenticeship'],
  ['take', 'took', 'taken'],
  ['begin', 'began', 'begun', 'start'],
  ['leave', 'left'],
  ['win', 'won'],
  ['sow', 'sown'],
  ['build', 'built'],
  ['spend', 'spent'],
  ['lose', 'lost'],
  ['find', 'found'],
  ['feel', 'felt'],
  ['become', 'became'],
  ['choose', 'chose', 'chosen'],
  ['fall', 'fell', 'fallen'],
  ['hurt', 'injury', 'injured'],
  // What holds a thing together is what locks it: a joint.
  ['hold', 'lock'],
  // Derived nouns the stemmer keeps apart from their verbs.
  ['apply', 'application'],
  ['prepare', 'preparation'],
  ['protect', 'protection'],
  ['replace', 'replacement'],
  ['recover', 'recovery'],
];

/** The dogs people name by their breed. */
const DOG_BREEDS = [
  'whippet',
  'greyhound',
  'lurcher',
  'terrier',
  'spaniel',
  'labrador',
  'retriever',
  'collie',
  'sheepdog',
  'poodle',
  'dachshund',
  'beagle',
] as const;

/**
 * Words naming a kind of thing, each with the things of that kind a creator names instead ("Do
 * you have any pets?" — "a three-legged cat called Limpet"). One way only: a sentence about a
 * cat answers a question about pets, a question about cats is not answered by "pets".
 */
export const KINDS: readonly (readonly [string, readonly string[]])[] = [
  ...['pet', 'animal'].map(
    (kind) =>
      [
        kind,
        [
          'cat',
          'dog',
          'puppy',
          'kitten',
          'rabbit',
          'hamster',
          'parrot',
          'tortoise',
          'budgie',
          'goldfish',
          'pony',
          // The dogs people name by their breed ("an elderly whippet called Propolis").
          ...DOG_BREEDS,
        ],
      ] as const,
  ),
  ['furniture', ['table', 'chair', 'desk', 'cabinet', 'dresser', 'bookcase', 'stool', 'sideboard']],
  ['vehicle', ['car', 'van', 'truck', 'lorry', 'motorbike']],
  ['family', ['partner', 'wife', 'husband', 'child', 'children', 'kid', 'son', 'daughter', 'parent']],
  ...['colour', 'color'].map(
    (word) =>
      [
        word,
        [
          'red',
          'reddish',
          'pink',
          'brown',
          'amber',
          'golden',
          'yellow',
          'orange',
          'green',
          'blue',
          'purple',
          'grey',
          'black',
          'white',
        ],
      ] as const,
  ),
];

/**
 * Everyday phrases and the one word a creator would write for them ("money back" → refund,
 * "on my own" → alone, "steaming up" → fog), replaced before a question is split into terms.
 */
const PHRASES: readonly (readonly [RegExp, string])[] = [
  [/\bmoney back\b/gi, 'refund'],
  // "Can I bring my spaniel along?": the visitor's dog, whatever its breed, as rules for dogs say.
  [new RegExp(`\\bmy (?:[a-z]+ )?(?:${DOG_BREEDS.join('|')})s?\\b`, 'gi'), 'my dog'],
  // "Can you send them back to me?": return them, as a price list says "return postage".
  [/\b(?:send|sent|sending|post|posted|posting) (?:(?:it|them|this|these|those) )?back\b/gi, 'return'],
  // "What would a suit set me back?": what it costs.
  [/\bset (?:me|us|you|them|him|her) back\b/gi, 'cost'],
  // "What do you do for a living?": a job, whatever the living.
  [/\bfor a living\b/gi, 'for a job'],
  // "It's going to chuck it down", "tipping down": rain.
  [
    /\b(?:chuck|chucking|pour|pouring|bucket|bucketing|tip|tipping|lash|lashing)(?:s|es|ed)? (?:it )?down\b/gi,
    'rain',
  ],
  // "Will it be called off?": cancelled.
  [/\bcall(?:s|ed|ing)? (?:it |them )?off\b/gi, 'cancel'],
  // "Have you ever messed up a job?": made a mistake.
  [/\b(?:mess|messed|messing|screw|screwed|screwing) (?:it |things |\w+['’]s \w+ )?up\b/gi, 'make a mistake'],
  // "Bonfire night", "Guy Fawkes": the fireworks of the fifth of November.
  [/\b(?:bonfire night|guy fawkes(?: night)?)\b/gi, 'fireworks'],
  // "Where am I going wrong?": why it goes wrong, not a place.
  [
    /\bwhere (?:am I|are we|is he|is she|is it|do I|did I|have I) (?:going |gone |been going )?wrong\b/gi,
    'why',
  ],
  // "Are you married? What does your other half do?": a partner.
  [/\bother half\b/gi, 'partner'],
  // "Is there anywhere to leave the car?": to park it.
  [/\b(?:leave|put) (?:the|my|our|your|a) car\b/gi, 'park'],
  // "Can you drop my loaf round to the house?": a delivery, whatever is dropped round.
  [/\b(?:drop|bring|run) (?:[a-z]+ ){1,3}(?:round|over)\b/gi, 'deliver'],
  // "Does the rest of your family help?": the family; "the rest of the dough" is the dough.
  [/\bthe rest of (?=(?:your|my|our|the|his|her|their)\b)/gi, ''],
  [
    /\b(?:on (?:my|your|his|her|our|their) own|by (?:myself|yourself|himself|herself|ourselves|themselves))\b/gi,
    'alone',
  ],
  [/\b(?:pop|drop|stop|call) (?:in|by|round|over)\b/gi, 'visit'],
  [/\b(?:steam|mist|fog)(?:s|ed|ing)? up\b/gi, 'fog'],
  [/\bboys? or (?:a )?girls?\b/gi, 'male or female'],
  [/\bgirls? or (?:a )?boys?\b/gi, 'female or male'],
  [/\bright size\b/gi, 'fit'],
  // "what do people get wrong?": their mistakes (not "what went wrong?", a fault).
  [/\b(?:get|gets|got|getting) (?:it |things )?wrong\b/gi, 'make a mistake'],
  // "something's come up" with a booking: a cancellation.
  [/\bsomething(?:'s|’s| has) come up\b/gi, 'I need to cancel'],
  // "has anything blown up in your kiln?": exploded.
  [/\b(?:blow|blows|blew|blown|blowing) up\b/gi, 'explode'],
  // "before I can take home the pots": collect them.
  [/\btake (?:(?:it|them) )?home\b/gi, 'collect'],
  // "I forgot to go back for my coat", "when can I pick it up?": collect it.
  [/\b(?:go|come|get|went|came) back for\b|\bpick (?:(?:it|them|this|these) )?up\b/gi, 'collect'],
  // "I left it with you ages ago": a long time ago, no age of anything.
  [/\b(?:ages|yonks) ago\b/gi, 'long ago'],
  // "A cheaper first lesson to see if he likes it": a trial lesson.
  [
    /\bto see (?:if|whether) (?:he|she|they|I|we|you) (?:\w+ )?(?:likes?|enjoys?|gets? on with)(?: it)?\b/gi,
    'as a trial',
  ],
  // "…in her handbag in case something goes wrong": for emergencies, an emergency kit.
  [/\bin case (?:something|anything|it|things|stuff) (?:goes|go|went) wrong\b/gi, 'for emergencies'],
  // "Miles too long", "way too big": too long, no distance.
  [/\b(?:miles|way|far) (?=too\b)/gi, ''],
  // "before you walked away from pharmacy": left it.
  [/\bwalk(?:ed|ing|s)? away from\b/gi, 'left'],
  // "if you've got no space", "no places left": full.
  [/\bno (?:more )?(?:space|spaces|room|places|spots|openings)(?: left)?\b/gi, 'full'],
  // "my eight-month-old", "a 6 month old": a baby.
  [/\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[- ]months?[- ]old\b/gi, 'baby'],
  // "start my tomato seeds off", "plant the seeds": sow them, as a grower writes it.
  [
    /\b(?:start|starting|started|plant|planting|put in|putting in) (?:off )?(?:(?:my|your|the|our|his|her|their|some) )?(?:([\p{L}-]+) )?seeds?(?: off)?\b/giu,
    'sow $1',
  ],
  // "I'm a lefty": left-handed, as a class FAQ puts it.
  [/\b(?:lefty|lefties|left-hander|left-handers|left handed)\b/gi, 'left-handed'],
  // "a class for her birthday", "as a present": a gift (vouchers).
  [
    /\bfor (?:my|her|his|their|your|our)(?: \w+['’]s)? (?:birthday|christmas|anniversary)\b|\bas a present\b/gi,
    'as a gift',
  ],
  // "my sister lives in France": abroad, as a shop's FAQ says where it posts.
  [
    /\b(?:in|to|from) (?:the )?(?:France|Germany|Spain|Italy|Portugal|Netherlands|Holland|Belgium|Ireland|Switzerland|Austria|Sweden|Norway|Denmark|Finland|Poland|Greece|Canada|America|USA|US|United States|Mexico|Brazil|Argentina|Australia|New Zealand|Japan|China|India|Singapore|South Africa|Dubai)\b/g,
    'abroad',
  ],
  // "Have you got dogs at the moment?": now, the framing of when, not a moment the knowledge names.
  [/\b(?:at the moment|at present|right now|these days|nowadays|currently)\b/gi, 'now'],
  // "We're away in Cornwall for a fortnight": on holiday, as a club's or a class's terms put it.
  [/\b(?:we're|we are|I'm|I am|we'll be|I'll be|we will be|I will be) away\b/gi, 'on holiday'],
  // "A starter from scratch": from nothing, made yourself (not "Sourdough from Scratch", a name).
  [/\bfrom scratch\b/g, 'from nothing'],
  // "How much water compared to the flour?": a proportion, which a recipe states in percent.
  [
    /\b(how (?:much|many)\b.*?)\b(?:compared (?:to|with)|relative to|in proportion to)\b/gi,
    '$1as a percentage of',
  ],
  // "Greyish water", "a reddish tinge": the colour itself.
  [/\b(grey|gray|green|brown|black|yellow|pink|orange|purple)ish\b/gi, '$1'],
  [/\breddish\b/gi, 'red'],
  [/\bbluish\b/gi, 'blue'],
  [/\bwhitish\b/gi, 'white'],
  // "What time is everything usually gone by?": sold out, as a seller writes it.
  [
    /\b(?:everything|it all|all of it|the lot)(?: (?:is|was|'s|usually|normally|always|all))* gone\b/gi,
    'sold out',
  ],
  // "More sessions after the first one": the follow-up sessions, as a price list names them.
  [
    /\b(?:more|further|extra|another|other|later) (sessions?|appointments?|visits?|lessons?|consultations?) after the first(?: one)?\b/gi,
    'follow-up $1',
  ],
  // "A one-to-one session": written "1:1" as often as in words.
  [/\bone[- ]?(?:to|on)[- ]?one\b/gi, '1:1'],
  // British and American names of one thing.
  [/\bchopping boards?\b/gi, 'cutting board'],
  [/\bthicknessers?\b/gi, 'thickness planer'],
  [/\bflip[- ]?flops?\b/gi, 'sandals'],
  [/\b(?:glass room|garden room|sun ?room|sun lounge|orangery)s?\b/gi, 'conservatory'],
  // "We've got a lovely bright room": the visitor's praise, not love.
  [/\blovely /gi, ''],
];

/**
 * "What is your boat called?", "What's the podcast called?": a thing's name, not a phone call —
 * only "called" ending a clause after a form of "be". "The shop I called home", "I called the
 * client" and "what if the client never called?" keep their call.
 */
const CALLED_NAME =
  /\b(?:is|isn['’]t|was|wasn['’]t|are|aren['’]t|were|weren['’]t|be|been|being|(?<=\p{L})['’]s|(?<=\p{L})['’]re)((?:\s+[\p{L}\d'’-]+){0,6}?)\s+called(?=\s*(?:[?.!,;]|$))/giu;
/** "Who is the person you called?": someone called, right before the verb — a call after all. */
const CALLER =
  /(?:^|\s)(?:I|you|we|they|he|she|who|nobody|someone|somebody|never|ever|just|already|have|has|had)$/i;

/** `text` with the everyday phrases of `PHRASES` put the way a creator writes them. */
export function paraphrased(text: string): string {
  let out = text;
  for (const [pattern, word] of PHRASES) out = out.replace(pattern, word);
  return out.replace(CALLED_NAME, (match, between: string) =>
    CALLER.test(between) ? match : `${match.slice(0, -'called'.length)}named`,
  );
}

/** Stem → the words of its other group members, as written (PostgreSQL stems them again). */
export type SynonymIndex = ReadonlyMap<string, { readonly words: string[]; readonly stems: string[] }>;

/**
 * The index of `groups`: each stem to the other words of every group it is in. A stem in two
 * groups ("colourful" stems to colour; "teach" in a teaching and a lessons group) stands for the
 * words of both — a later group does not replace an earlier one.
 */
export function synonymIndex(groups: readonly (readonly string[])[]): SynonymIndex {
  const index = new Map<string, { words: string[]; stems: string[] }>();
  for (const group of groups) {
    for (const word of group) {
      const own = stem(word);
      const entry = index.get(own) ?? { words: [], stems: [] };
      for (const other of group) {
        const s = stem(other);
        if (s !== own && !entry.stems.includes(s)) {
          entry.words.push(other);
          entry.stems.push(s);
        }
      }
      index.set(own, entry);
    }
  }
  return index;
}

/** `index` with each kind's stem standing also for the things of that kind (not the other way). */
export function withKinds(index: SynonymIndex, kinds: typeof KINDS): SynonymIndex {
  const out = new Map([...index].map(([k, v]) => [k, { words: [...v.words], stems: [...v.stems] }]));
  for (const [kind, members] of kinds) {
    const own = stem(kind);
    const entry = out.get(own) ?? { words: [], stems: [] };
    for (const member of members) {
      const s = stem(member);
      if (s !== own && !entry.stems.includes(s)) {
        entry.words.push(member);
        entry.stems.push(s);
      }
    }
    out.set(own, entry);
  }
  return out;
}

const byStem = withKinds(synonymIndex(SYNONYM_GROUPS), KINDS);

/** The stems that stand for `term` (a stem) besides itself; [] when it has none. */
export function synonymStems(term: string): readonly string[] {
  return byStem.get(term)?.stems ?? [];
}

/**
 * `text` with the synonyms of its words appended ("what adhesive for chairs" → "... glue"),
 * for a full-text search that should find either word. Words already there are not repeated.
 */
export function withSynonyms(text: string, terms: readonly string[]): string {
  const present = new Set(terms);
  const extra: string[] = [];
  for (const term of terms) {
    const entry = byStem.get(term);
    entry?.words.forEach((word, i) => {
      const s = entry.stems[i] ?? '';
      if (!present.has(s)) {
        present.add(s);
        extra.push(word);
      }
    });
  }
  return extra.length > 0 ? `${text} ${extra.join(' ')}` : text;
}

/** Each synonym stem `withSynonyms` adds for `terms`, to the term of `terms` it stands for. */
export function synonymOf(terms: readonly string[]): Map<string, string> {
  const own = new Set(terms);
  const out = new Map<string, string>();
  for (const term of terms)
    for (const s of synonymStems(term)) if (!own.has(s) && !out.has(s)) out.set(s, term);
  return out;
}
