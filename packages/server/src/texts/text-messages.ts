/**
 * @module What the clone texts besides answers (spec/calls.md §5: the consent's promises kept —
 * STOP opts out, HELP gives help — and the quota's honest refusal).
 */

interface CloneRef {
  name: string;
  slug: string;
}

const page = (publicUrl: string, clone: CloneRef) => `${publicUrl}/${clone.slug}/talk`;

export const textMessages = {
  greeting: (clone: CloneRef) =>
    `Hi! This is ${clone.name}'s AI clone. Text me any question and I'll answer from what ${clone.name} has shared. Reply HELP for help, STOP to opt out. Msg & data rates may apply.`,
  help: (clone: CloneRef, publicUrl: string) =>
    `${clone.name}'s AI clone: text a question and the clone answers. Msg frequency varies; msg & data rates may apply. Reply STOP to opt out. More: ${page(publicUrl, clone)}`,
  stopped: (clone: CloneRef) =>
    `You're unsubscribed from ${clone.name}'s AI clone and won't get more messages. Reply START to subscribe again.`,
  restarted: (clone: CloneRef) =>
    `You're subscribed to ${clone.name}'s AI clone again. Text me any question. Reply STOP to opt out.`,
  limitReached: (clone: CloneRef, publicUrl: string) =>
    `You've used all your messages with ${clone.name}'s AI clone for this month, so this one wasn't answered. See your options at ${page(publicUrl, clone)}`,
  failed: () => "Sorry, I couldn't answer that just now. Please try again in a few minutes.",
  unknownTelegram: (publicUrl: string) =>
    `Hi! To text a clone here, open its page on ${publicUrl}, choose Get a Text in the Actions menu and give your Telegram username.`,
  noTelegramUsername: () =>
    'To text a clone here, set a username in Telegram (Settings → Username), then choose Get a Text again on the clone’s page.',
};
