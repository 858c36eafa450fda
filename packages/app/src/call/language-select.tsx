/**
 * @module The call screen's language select (spec/calls.md §2, §3): the voice languages, the
 * caller's choice kept locally (`userPreferredLanguage`), the clone's own language until then.
 * Shown only where calls are held in other languages than English (Vapi).
 */
import { VOICE_LANGUAGES, voiceLanguageOf } from '@doppel/core';
import { useCallback, useId, useState } from 'react';

/** spec/calls.md §3 "Local preferences: userPreferredLanguage". */
export const PREFERRED_LANGUAGE_KEY = 'userPreferredLanguage';

function readPreferred(): string | null {
  try {
    return localStorage.getItem(PREFERRED_LANGUAGE_KEY);
  } catch {
    return null; // storage blocked: the clone's language
  }
}

/** The caller's call language (a code) and a setter that keeps it. */
export function usePreferredLanguage(cloneLanguage: string): [string, (code: string) => void] {
  const [code, setCode] = useState(() => voiceLanguageOf(readPreferred() ?? cloneLanguage).code);
  const choose = useCallback((next: string) => {
    const chosen = voiceLanguageOf(next).code;
    setCode(chosen);
    try {
      localStorage.setItem(PREFERRED_LANGUAGE_KEY, chosen);
    } catch {
      // kept for this page only
    }
  }, []);
  return [code, choose];
}

export function LanguageSelect({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (code: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="call-language">
      <label htmlFor={id} className="field-label">
        Language
      </label>
      <select
        id={id}
        className="field-input"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {VOICE_LANGUAGES.map((language) => (
          <option key={language.code} value={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
