/**
 * spec/chat.md §2, §6: the creator tools (revise answer, adjust speaking style) are offered to a
 * CREATOR or CONTRIBUTOR, outside embeds, on a stored clone message that is not the conversation's
 * first and was not sent from the studio.
 */
export function creatorToolsOffered(input: {
  owner: boolean;
  embedded: boolean;
  sender: 'USER' | 'CLONE';
  first: boolean;
  stored: boolean;
  fromStudio: boolean;
}): boolean {
  return (
    input.owner &&
    !input.embedded &&
    input.sender === 'CLONE' &&
    !input.first &&
    input.stored &&
    !input.fromStudio
  );
}
