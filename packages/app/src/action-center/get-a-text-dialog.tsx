/**
 * @module The Get a Text panel (spec/calls.md §2, §4 text opt-in, §5, §8): the platform (SMS,
 * WhatsApp, Telegram — those this deployment and clone offer), then the number (country defaulted
 * from the visitor's IP address) or Telegram username, the SMS consent, Confirm; then the
 * WhatsApp number or the Telegram link. SMS closes the panel once the first message is sent.
 */
import { canConfirmText, TEXT_COUNTRIES, type TextCountry, textCountry, textFormAddress } from '@doppel/core';
import {
  type CloneProfile,
  COUNTRY_NOT_SUPPORTED,
  type GreetResponse,
  SMS_CONSENT_TEXT,
  TEXT_SEND_FAILED,
  TEXT_SENDING,
  TEXT_SENT,
  type TextMedium,
} from '@doppel/protocol';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage, greetUser, guessCountry } from '../api';
import { DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from '../components/dialog-shell';
import { ArrowLeftIcon } from '../components/icons';
import { useServices } from '../services';
import './get-a-text.css';

const PLATFORMS: {
  medium: TextMedium;
  feature: 'sms' | 'whatsapp' | 'telegram';
  label: string;
  hint: string;
}[] = [
  { medium: 'SMS', feature: 'sms', label: 'SMS', hint: 'Text messages to your phone' },
  { medium: 'WHATSAPP', feature: 'whatsapp', label: 'WhatsApp', hint: 'Messages in WhatsApp' },
  { medium: 'TELEGRAM', feature: 'telegram', label: 'Telegram', hint: 'Chat with the bot in Telegram' },
];

/** The channels this clone offers here (the Action Center shows the entry only when there is one). */
export const textPlatforms = (features: CloneProfile['features']) =>
  PLATFORMS.filter((p) => features[p.feature]);

type Step =
  | { name: 'platform' }
  | { name: 'form'; medium: TextMedium }
  | { name: 'whatsapp'; number: string | null; sent: boolean }
  | { name: 'telegram'; link: string | null; sent: boolean };

interface GetATextDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  clone: Pick<CloneProfile, 'name' | 'slug' | 'features'>;
}

export default function GetATextDialog({ open, onOpenChange, clone }: GetATextDialogProps) {
  const id = useId();
  const { api } = useServices();
  const platforms = textPlatforms(clone.features);
  const [step, setStep] = useState<Step>(() =>
    platforms.length === 1 && platforms[0]
      ? { name: 'form', medium: platforms[0].medium }
      : { name: 'platform' },
  );
  // spec/calls.md §5: the phone input's country is the visitor's, guessed from their IP address.
  const [guess, setGuess] = useState<{ code: string | null } | null>(null);
  const [country, setCountry] = useState<TextCountry | null>(null);
  const [phone, setPhone] = useState('');
  const [telegramUsername, setTelegramUsername] = useState('');
  const [consent, setConsent] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open || guess) return;
    let current = true;
    void guessCountry(api).then((code) => {
      if (!current) return;
      setGuess({ code });
      // Unknown (a private address, IPv6): the most common; unsupported: the visitor chooses.
      setCountry(code === null ? (TEXT_COUNTRIES[0] ?? null) : textCountry(code));
    });
    return () => {
      current = false;
    };
  }, [open, guess, api]);

  const medium = step.name === 'form' ? step.medium : null;
  const form = { medium: medium ?? 'SMS', country, phone, telegramUsername, consent, pending };
  const address = medium ? textFormAddress(form) : null;
  const ready = medium !== null && canConfirmText(form);
  const unsupported = guess?.code != null && textCountry(guess.code) === null && country === null;

  const changeOpen = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setStep(
        platforms.length === 1 && platforms[0]
          ? { name: 'form', medium: platforms[0].medium }
          : { name: 'platform' },
      );
      setError(null);
    }
  };

  const confirm = async (): Promise<void> => {
    if (!ready || !medium || !address) return;
    setPending(true);
    setError(null);
    const toastId = toast.loading(TEXT_SENDING);
    try {
      const answer: GreetResponse = await greetUser(
        api,
        medium === 'TELEGRAM'
          ? { medium, slug: clone.slug, telegramUsername: address }
          : medium === 'SMS'
            ? { medium, slug: clone.slug, phoneNumber: address, consent: true }
            : { medium, slug: clone.slug, phoneNumber: address },
      );
      if (answer.sent) toast.success(TEXT_SENT, { id: toastId });
      else toast.dismiss(toastId);
      if (medium === 'SMS') changeOpen(false);
      else if (medium === 'WHATSAPP')
        setStep({ name: 'whatsapp', number: answer.whatsappNumber, sent: answer.sent });
      else setStep({ name: 'telegram', link: answer.telegramLink, sent: answer.sent });
    } catch (failure) {
      toast.error(TEXT_SEND_FAILED, { id: toastId });
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  const back = platforms.length > 1 && step.name === 'form' && (
    <button
      type="button"
      className="icon-btn get-a-text-back"
      aria-label="Choose another platform"
      onClick={() => {
        setStep({ name: 'platform' });
        setError(null);
      }}
    >
      <ArrowLeftIcon />
    </button>
  );

  return (
    <DialogShell open={open} onOpenChange={changeOpen} className="dialog-content get-a-text">
      <div className="dialog-head">
        {back}
        <DialogTitle className="dialog-title">Get a Text</DialogTitle>
        <DialogCloseButton />
      </div>
      {step.name === 'platform' && (
        <>
          <DialogDescription className="dialog-description">
            Where should {clone.name} text you? Ask questions by replying, any time.
          </DialogDescription>
          <ul className="get-a-text-platforms">
            {platforms.map((p) => (
              <li key={p.medium}>
                <button
                  type="button"
                  className="get-a-text-platform"
                  onClick={() => {
                    setStep({ name: 'form', medium: p.medium });
                    setError(null);
                  }}
                >
                  <span className="get-a-text-platform-name">{p.label}</span>
                  <span className="get-a-text-platform-hint">{p.hint}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {step.name === 'form' && (
        <form
          className="get-a-text-form"
          noValidate
          aria-label={`${PLATFORMS.find((p) => p.medium === step.medium)?.label} details`}
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <DialogDescription className="dialog-description">
            {step.medium === 'TELEGRAM'
              ? `Give your Telegram username; then open the bot and ${clone.name} greets you there.`
              : `${clone.name} sends you a first message${step.medium === 'WHATSAPP' ? ' on WhatsApp' : ''}; reply with any question.`}
          </DialogDescription>
          {step.medium === 'TELEGRAM' ? (
            <>
              <label htmlFor={`${id}-telegram`} className="field-label">
                Telegram username
              </label>
              <input
                id={`${id}-telegram`}
                className="field-input"
                placeholder="@username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                value={telegramUsername}
                onChange={(event) => setTelegramUsername(event.target.value)}
              />
            </>
          ) : (
            <>
              <label htmlFor={`${id}-country`} className="field-label">
                Country
              </label>
              <select
                id={`${id}-country`}
                className="field-input"
                value={country?.code ?? ''}
                aria-invalid={unsupported}
                aria-describedby={unsupported ? `${id}-country-error` : undefined}
                onChange={(event) => setCountry(textCountry(event.target.value))}
              >
                {country === null && <option value="">Choose a country</option>}
                {TEXT_COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name} (+{c.dial})
                  </option>
                ))}
              </select>
              {unsupported && (
                <p id={`${id}-country-error`} className="field-error" role="alert">
                  {COUNTRY_NOT_SUPPORTED}
                </p>
              )}
              <label htmlFor={`${id}-phone`} className="field-label">
                Phone number
              </label>
              <input
                id={`${id}-phone`}
                className="field-input"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder={country ? `+${country.dial} …` : ''}
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
              />
            </>
          )}
          {step.medium === 'SMS' && (
            <label className="get-a-text-consent">
              <input
                type="checkbox"
                checked={consent}
                onChange={(event) => setConsent(event.target.checked)}
              />
              <span>
                {SMS_CONSENT_TEXT.replace('{clone}', clone.name)} See our{' '}
                <a href="/terms-of-use" target="_blank" rel="noopener">
                  Terms of Use
                </a>{' '}
                and{' '}
                <a href="/privacy-policy" target="_blank" rel="noopener">
                  Privacy Policy
                </a>
                .
              </span>
            </label>
          )}
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={!ready} aria-busy={pending}>
            {pending ? TEXT_SENDING : 'Confirm'}
          </button>
        </form>
      )}
      {step.name === 'whatsapp' && (
        <div className="get-a-text-info">
          <DialogDescription className="dialog-description">
            {step.sent
              ? `${clone.name} has sent you a message on WhatsApp. Save this number and write to it any time:`
              : `Write to this number on WhatsApp to start: ${clone.name} answers there.`}
          </DialogDescription>
          {step.number && (
            <a
              className="get-a-text-number"
              href={`https://wa.me/${step.number.replace(/^\+/, '')}`}
              target="_blank"
              rel="noopener"
            >
              {step.number}
            </a>
          )}
        </div>
      )}
      {step.name === 'telegram' && (
        <div className="get-a-text-info">
          <DialogDescription className="dialog-description">
            {step.sent
              ? `${clone.name} has sent you a message on Telegram.`
              : `Open the bot in Telegram and press Start: ${clone.name} greets you there.`}
          </DialogDescription>
          {step.link && (
            <a className="btn btn-primary" href={step.link} target="_blank" rel="noopener">
              Open Telegram
            </a>
          )}
        </div>
      )}
    </DialogShell>
  );
}
