/** The pending indicator before the first token: three pulsing dots. */
export function TypingIndicator({ name }: { name: string }) {
  return (
    <span className="typing" role="status" aria-label={`${name} is typing`}>
      <span />
      <span />
      <span />
    </span>
  );
}
