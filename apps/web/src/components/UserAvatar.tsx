/** The nine system avatars (public/avatars/avatar-0…8.svg); ids cycle. */
export const AVATAR_COUNT = 9;

export const avatarUrl = (id: number | null | undefined) => `/avatars/avatar-${(((id ?? 0) % AVATAR_COUNT) + AVATAR_COUNT) % AVATAR_COUNT}.svg`;

export function UserAvatar({ id, size = 56, className }: { id: number | null | undefined; size?: number; className?: string }) {
  return <img className={`user-avatar ${className ?? ''}`} src={avatarUrl(id)} width={size} height={size} alt="" draggable={false} />;
}
