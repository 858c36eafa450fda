/**
 * @module A clone's own language model for the local recogniser (issue 11: recognition adapted to
 * the clone's words): a bigram model with absolute discounting and back-off to unigrams, in the
 * ARPA text format pocketsphinx reads (`-lm`), built from the clone's knowledge and suggested
 * questions. A general English model hears "how do you shop a pupil" for "how do you sharpen a
 * chisel"; one that knows the clone's words and questions comes closer (docs/performance.md).
 */

/** The discount taken from every seen bigram and given to the back-off (Kneser–Ney's usual D). */
const DISCOUNT = 0.5;

/**
 * The sentences of `text` as lower-case word lists, keeping only words the recogniser can say
 * (`vocabulary`: its pronunciation dictionary); a sentence left with fewer than two is dropped.
 */
export function sentencesOf(text: string, vocabulary: ReadonlySet<string>): string[][] {
  const sentences: string[][] = [];
  for (const part of text.split(/(?<=[.!?])\s+|\n+/)) {
    const words = part
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/[a-z][a-z']*/g);
    const kept = (words ?? []).filter((word) => vocabulary.has(word));
    if (kept.length >= 2) sentences.push(kept);
  }
  return sentences;
}

/**
 * The ARPA text of a bigram model over `sentences`, each counted `weight` times (questions count
 * more than the knowledge: a dictated message is most often a question).
 */
export function bigramArpa(corpus: readonly { sentences: string[][]; weight: number }[]): string {
  const unigrams = new Map<string, number>();
  const bigrams = new Map<string, number>();
  let total = 0;
  for (const { sentences, weight } of corpus) {
    for (const sentence of sentences) {
      const sequence = ['<s>', ...sentence, '</s>'];
      for (let i = 0; i < sequence.length; i += 1) {
        const word = sequence[i] as string;
        unigrams.set(word, (unigrams.get(word) ?? 0) + weight);
        // <s> is never predicted: the unigram distribution is over the other words.
        if (word !== '<s>') total += weight;
        if (i > 0) {
          const pair = `${sequence[i - 1]} ${word}`;
          bigrams.set(pair, (bigrams.get(pair) ?? 0) + weight);
        }
      }
    }
  }
  const unigram = (word: string) => (unigrams.get(word) ?? 0) / total;
  /** Per history: how often it starts a bigram, how many kinds, and the unigram mass it saw. */
  const histories = new Map<string, { count: number; kinds: number; seenMass: number }>();
  for (const [pair, count] of bigrams) {
    const [history = '', word = ''] = pair.split(' ');
    const entry = histories.get(history) ?? { count: 0, kinds: 0, seenMass: 0 };
    entry.count += count;
    entry.kinds += 1;
    entry.seenMass += unigram(word);
    histories.set(history, entry);
  }
  const log = (p: number) => Math.log10(p).toFixed(4);
  const lines = ['\\data\\', `ngram 1=${unigrams.size}`, `ngram 2=${bigrams.size}`, '', '\\1-grams:'];
  for (const word of unigrams.keys()) {
    const history = histories.get(word);
    // The mass discounted from this history's bigrams, spread over the words it never preceded.
    const backoff = history
      ? (DISCOUNT * history.kinds) / history.count / Math.max(1e-9, 1 - history.seenMass)
      : 1;
    lines.push(`${word === '<s>' ? '-99.0000' : log(unigram(word))} ${word} ${log(backoff)}`);
  }
  lines.push('', '\\2-grams:');
  for (const [pair, count] of bigrams) {
    const history = histories.get(pair.split(' ')[0] ?? '');
    if (history) lines.push(`${log((count - DISCOUNT) / history.count)} ${pair}`);
  }
  lines.push('', '\\end\\', '');
  return lines.join('\n');
}
