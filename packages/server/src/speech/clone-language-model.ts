/**
 * @module Each clone's language model for dictation, built from its knowledge and suggested
 * questions the first time it is needed, and again when they change (a re-import changes the
 * documents' hashes or the questions): kept as a file in the temporary folder, named by a hash of
 * what it was built from, so every process on the machine shares it.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Queryable } from '@doppel/db';
import { z } from 'zod';
import type { Recogniser, SpeechModel } from '../providers/speech';
import { bigramArpa, sentencesOf } from './language-model';

/** A question counts this many times a sentence of the knowledge does. */
const QUESTION_WEIGHT = 10;

const Basis = z.object({ docs: z.string().nullable(), questions: z.string().nullable() });

export function cloneLanguageModels(db: Queryable, recogniser: Recogniser) {
  const building = new Map<string, Promise<SpeechModel>>();
  /** Models known to be on disk: no file system look-up on each recording. */
  const ready = new Set<string>();
  /** The clone's model files, built if they are missing or out of date. */
  return async (cloneId: string): Promise<SpeechModel> => {
    const [row] = await db.query(
      `SELECT (SELECT string_agg(content_hash, ',' ORDER BY path) FROM documents WHERE clone_id = $1) AS docs,
              (SELECT string_agg(question, E'\\n' ORDER BY position) FROM suggested_questions WHERE clone_id = $1) AS questions`,
      [cloneId],
    );
    const basis = Basis.parse(row);
    const hash = createHash('sha256')
      .update(`v2|${cloneId}|${basis.docs ?? ''}|${basis.questions ?? ''}`)
      .digest('hex')
      .slice(0, 24);
    const model: SpeechModel = {
      languageModel: join(tmpdir(), `doppel-lm-${hash}.lm`),
      dictionary: join(tmpdir(), `doppel-lm-${hash}.dict`),
    };
    // The dictionary is written last: with it there, the model is whole (checked once per model).
    if (ready.has(hash)) return model;
    if (existsSync(model.dictionary)) {
      ready.add(hash);
      return model;
    }
    let pending = building.get(hash);
    if (!pending) {
      pending = build(cloneId, basis.questions ?? '', model)
        .then((built) => {
          ready.add(hash);
          return built;
        })
        .finally(() => building.delete(hash));
      building.set(hash, pending);
    }
    return pending;
  };

  async function build(cloneId: string, questions: string, model: SpeechModel): Promise<SpeechModel> {
    const pronunciations = await recogniser.pronunciations();
    const vocabulary = new Set(pronunciations.keys());
    const chunks = await db.query<{ text: string }>(
      `SELECT d.title || E'\\n' || c.text AS text FROM chunks c JOIN documents d ON d.id = c.document_id
       WHERE c.clone_id = $1`,
      [cloneId],
    );
    const knowledge = chunks.flatMap((chunk) => sentencesOf(chunk.text, vocabulary));
    const arpa = bigramArpa([
      { sentences: knowledge, weight: 1 },
      { sentences: sentencesOf(questions, vocabulary), weight: QUESTION_WEIGHT },
    ]);
    // Only the model's words: pocketsphinx loads it in milliseconds, not the whole dictionary.
    const used = new Set([...knowledge, ...sentencesOf(questions, vocabulary)].flat());
    const dictionary = [...used].flatMap((word) => pronunciations.get(word) ?? []).join('\n');
    await writeWhole(model.languageModel, arpa);
    await writeWhole(model.dictionary, `${dictionary}\n`);
    return model;
  }
}

/** Written aside and renamed: a process reading it never sees half a file. */
async function writeWhole(path: string, text: string): Promise<void> {
  const partial = `${path}.${process.pid}.tmp`;
  await writeFile(partial, text);
  await rename(partial, path);
}
