/**
 * @module One Tavus persona per clone (migration 085 `tavus_personas`): its language model is the
 * brain's OpenAI-compatible endpoint (routes/openai.ts), the model named by the clone's slug and
 * called with an API key minted for the persona — the brain answers as the clone, with its
 * knowledge, and every answer is counted on that key. Made on the clone's first Tavus call, kept
 * while the replica, the endpoint and the key stay the same; otherwise made anew (the old key is
 * revoked).
 */
import type { Db } from '@doppel/db';
import { z } from 'zod';
import { createApiKey, revokeApiKey } from '../../store/api-keys';
import type { TavusApi } from './tavus-api';

export const PERSONA_KEY_NAME = 'Tavus persona';

export interface PersonaClone {
  id: string;
  slug: string;
  name: string;
  headline: string;
}

const PersonaRow = z.object({
  persona_id: z.string(),
  replica_id: z.string(),
  llm_base_url: z.string(),
  api_key_id: z.string(),
  revoked: z.boolean(),
});

/** The clone's persona id at Tavus, made (with its key) when it has none that still works. */
export async function ensurePersona(input: {
  db: Db;
  api: TavusApi;
  clone: PersonaClone;
  replicaId: string;
  /** The brain's OpenAI-compatible base (`…/api/openai/v1`). */
  llmBaseUrl: string;
}): Promise<{ personaId: string }> {
  const { db, api, clone } = input;
  const rows = z.array(PersonaRow).parse(
    await db.query(
      `SELECT p.persona_id, p.replica_id, p.llm_base_url, p.api_key_id::text AS api_key_id,
              (k.revoked_at IS NOT NULL) AS revoked
       FROM tavus_personas p JOIN api_keys k ON k.id = p.api_key_id WHERE p.clone_id = $1`,
      [clone.id],
    ),
  );
  const kept = rows[0];
  if (kept && !kept.revoked && kept.replica_id === input.replicaId && kept.llm_base_url === input.llmBaseUrl)
    return { personaId: kept.persona_id };

  const key = await createApiKey(db, { cloneId: clone.id, name: PERSONA_KEY_NAME });
  let personaId: string;
  try {
    const persona = await api.createPersona({
      persona_name: `${clone.name} (Doppel)`.slice(0, 100),
      system_prompt: `You are ${clone.name}${clone.headline ? `, ${clone.headline}` : ''}. You speak as yourself, in the first person, on a live video call.`,
      pipeline_mode: 'full',
      context: `Visitors talk with ${clone.name}'s AI clone. Keep answers short and spoken.`,
      default_replica_id: input.replicaId,
      layers: {
        llm: {
          model: clone.slug,
          base_url: input.llmBaseUrl,
          api_key: key.key,
          speculative_inference: false,
        },
      },
    });
    personaId = persona.persona_id;
  } catch (error) {
    await revokeApiKey(db, key.id, new Date()).catch(() => undefined);
    throw error;
  }
  await db.query(
    `INSERT INTO tavus_personas (clone_id, persona_id, replica_id, llm_base_url, api_key_id)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (clone_id) DO UPDATE SET persona_id = EXCLUDED.persona_id, replica_id = EXCLUDED.replica_id,
       llm_base_url = EXCLUDED.llm_base_url, api_key_id = EXCLUDED.api_key_id, created_at = now()`,
    [clone.id, personaId, input.replicaId, input.llmBaseUrl, key.id],
  );
  if (kept) await revokeApiKey(db, kept.api_key_id, new Date()).catch(() => undefined);
  return { personaId };
}
