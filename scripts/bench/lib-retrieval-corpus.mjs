// Realistic-looking knowledge for the retrieval benchmark: English function words and a Zipf
// distribution over a vocabulary of common English content words plus a long tail of made-up
// ones, sentences of 6 to 22 words, chunks of 60 to 180 words, documents with topics of their
// own (their words come up far more often inside them). Deterministic for a seed.

const FUNCTION_WORDS = `the of and to a in that is was it for on with as i you he she they we be at by this
had not are but from or have an which one were all there their what so up out if about who get would
make when can more no my your them some could these than then its our into just do how because also
even very really much too most such any where why well still there's i'm don't it's you're that's
can't i've we're they're`.split(/\s+/);

const COMMON = `time people year way day man thing woman life child world school state family student
group country problem hand part place case week company system program question work government number
night point home water room mother area money story fact month lot right study book eye job word business
issue side kind head house service friend father power hour game line end member law car city community
name president team minute idea kid body information back parent face others level office door health
person art war history party result change morning reason research girl guy moment air teacher force
education think know make take see come want look use find give tell feel try leave call keep start show
hear play run move live believe hold bring happen write provide sit stand lose pay meet include continue
set learn lead understand watch follow stop create speak read allow add spend grow open walk win offer
remember love consider appear buy wait serve die send expect build stay fall cut reach kill remain
suggest raise pass sell require report decide pull good new first last long great little own other old
big high different small large next early young important few public bad same able plan season training
practice habit coach client audience video podcast episode camera light sound edit story craft recipe
garden budget price market plant soil seed water sun tree river trail mountain run race pace mile heart
breath muscle sleep food meal bread coffee kitchen knife pan heat salt sugar butter flour oven dough`.split(
  /\s+/,
);

const SYLLABLES = `ka lo ri mu sen ta vel dor pi na tru mex bal cor fin gal hep jo lum ner os pra quil rus sol
tin ux vor wen yal zet bri cla dro fle gru plo sti tra`.split(/\s+/);

/** A small, fast, seedable PRNG (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The content vocabulary: common words first (most frequent), then made-up ones. */
export function vocabulary(size, random) {
  const words = [...new Set(COMMON)];
  const seen = new Set(words);
  while (words.length < size) {
    const n = 2 + Math.floor(random() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  return words;
}

/** Samples ranks 0..n-1 with P(rank) ~ 1/(rank+1)^s, by binary search over the CDF. */
export function zipf(n, s, random) {
  const cdf = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    total += 1 / (i + 1) ** s;
    cdf[i] = total;
  }
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** A corpus generator: `document(chunks)` answers { title, chunks: string[] }. */
export function corpus({ seed = 1, vocabularySize = 30_000 } = {}) {
  const random = rng(seed);
  const words = vocabulary(vocabularySize, random);
  const content = zipf(words.length, 1.05, random);
  const pick = (list) => list[Math.floor(random() * list.length)];

  function sentence(topic) {
    const length = 6 + Math.floor(random() * 17);
    const out = [];
    for (let i = 0; i < length; i++) {
      const r = random();
      if (r < 0.45) out.push(pick(FUNCTION_WORDS));
      else if (r < 0.6) out.push(pick(topic));
      else out.push(words[content()]);
    }
    const text = out.join(' ');
    return `${text[0].toUpperCase()}${text.slice(1)}${random() < 0.1 ? '?' : '.'}`;
  }

  function chunk(topic) {
    const target = 60 + Math.floor(random() * 121);
    const sentences = [];
    let count = 0;
    while (count < target) {
      const s = sentence(topic);
      sentences.push(s);
      count += s.split(' ').length;
    }
    return sentences.join(' ');
  }

  return {
    words,
    document(chunkCount) {
      const topic = Array.from({ length: 25 }, () => words[content() + Math.floor(random() * 200)]);
      const title = `${topic[0]} and ${topic[1]}: notes on ${topic[2]}`;
      return { title, chunks: Array.from({ length: chunkCount }, () => chunk(topic)) };
    },
  };
}

/** The benchmark's questions: [{ kind, text, source? }], ~40 of each kind. */
export function questions(chunks, words, count, seed = 7) {
  const random = rng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const stop = new Set(FUNCTION_WORDS);
  const commonTop = words.slice(0, 60);
  const out = [];
  const kinds = ['natural', 'common-heavy', 'rare', 'mixed', 'no-match'];
  for (let i = 0; i < count; i++) {
    const kind = kinds[i % kinds.length];
    const sourceIndex = Math.floor(random() * chunks.length);
    const sourceWords = chunks[sourceIndex]
      .toLowerCase()
      .replace(/[.?]/g, '')
      .split(' ')
      .filter((w) => !stop.has(w));
    if (kind === 'natural') {
      const picked = Array.from({ length: 3 + Math.floor(random() * 3) }, () => pick(sourceWords));
      out.push({
        kind,
        source: sourceIndex,
        text: `How do you think about ${picked.slice(0, -1).join(', ')} and ${picked.at(-1)}?`,
      });
    } else if (kind === 'common-heavy') {
      const picked = Array.from({ length: 6 }, () => pick(commonTop));
      out.push({
        kind,
        text: `What do you think about the ${picked[0]} and ${picked[1]} people ${picked[2]} when they ${picked[3]} the ${picked[4]} of their ${picked[5]}?`,
      });
    } else if (kind === 'rare') {
      out.push({ kind, text: `Tell me about ${words[words.length - 1 - Math.floor(random() * 20_000)]}` });
    } else if (kind === 'mixed') {
      const rare = words[2_000 + Math.floor(random() * 20_000)];
      out.push({
        kind,
        text: `Why is ${rare} so important for ${pick(commonTop)} and ${pick(commonTop)} in your ${pick(commonTop)}?`,
      });
    } else {
      out.push({ kind, text: `Have you ever written about zyxqwv${i} or the kwmbrt${i}?` });
    }
  }
  return out;
}
