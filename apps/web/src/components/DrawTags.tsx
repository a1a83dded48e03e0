/** A draw's result classes (big, odd, …) as small tags, in the order the server lists them. */
export function DrawTags({ tags, className }: { tags: readonly string[]; className: string }) {
  return (
    <span className={className}>
      {tags.map((tag) => (
        <em key={tag}>{tag}</em>
      ))}
    </span>
  );
}
