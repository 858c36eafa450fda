/**
 * @module The countries the Get a Text form takes numbers from (spec/calls.md §5), with their
 * calling codes. The visitor's country is guessed from their IP address; a guess outside this
 * list says 'Country is not supported'.
 */

export interface TextCountry {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: string;
  /** The international calling code, without '+'. */
  dial: string;
}

/** Where texts are sent: the countries Twilio reaches from one long code without local registration. */
export const TEXT_COUNTRIES: readonly TextCountry[] = [
  { code: 'US', name: 'United States', dial: '1' },
  { code: 'CA', name: 'Canada', dial: '1' },
  { code: 'GB', name: 'United Kingdom', dial: '44' },
  { code: 'IE', name: 'Ireland', dial: '353' },
  { code: 'AU', name: 'Australia', dial: '61' },
  { code: 'NZ', name: 'New Zealand', dial: '64' },
  { code: 'DE', name: 'Germany', dial: '49' },
  { code: 'FR', name: 'France', dial: '33' },
  { code: 'ES', name: 'Spain', dial: '34' },
  { code: 'IT', name: 'Italy', dial: '39' },
  { code: 'NL', name: 'Netherlands', dial: '31' },
  { code: 'BE', name: 'Belgium', dial: '32' },
  { code: 'CH', name: 'Switzerland', dial: '41' },
  { code: 'AT', name: 'Austria', dial: '43' },
  { code: 'SE', name: 'Sweden', dial: '46' },
  { code: 'NO', name: 'Norway', dial: '47' },
  { code: 'DK', name: 'Denmark', dial: '45' },
  { code: 'FI', name: 'Finland', dial: '358' },
  { code: 'PT', name: 'Portugal', dial: '351' },
  { code: 'PL', name: 'Poland', dial: '48' },
  { code: 'IL', name: 'Israel', dial: '972' },
  { code: 'SG', name: 'Singapore', dial: '65' },
  { code: 'JP', name: 'Japan', dial: '81' },
  { code: 'KR', name: 'South Korea', dial: '82' },
  { code: 'IN', name: 'India', dial: '91' },
  { code: 'BR', name: 'Brazil', dial: '55' },
  { code: 'MX', name: 'Mexico', dial: '52' },
  { code: 'ZA', name: 'South Africa', dial: '27' },
];

/** The country a guess (or a choice) names, or null when texts are not sent there. */
export function textCountry(code: string | null | undefined): TextCountry | null {
  if (!code) return null;
  const upper = code.toUpperCase();
  return TEXT_COUNTRIES.find((c) => c.code === upper) ?? null;
}
