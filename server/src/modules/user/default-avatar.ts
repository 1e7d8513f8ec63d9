/**
 * The image answered for a user without an avatar (spec §3): inline, so it shows whichever
 * origin the front end runs on (Saber's development server proxies only the API).
 */
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#409EFF"/><circle cx="32" cy="25" r="11" fill="#fff"/><path d="M12 54c3-11 11-16 20-16s17 5 20 16" fill="#fff"/></svg>';

export const DEFAULT_AVATAR = `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`;

/** The avatar to show: the user's own, or the default image. */
export const avatarOrDefault = (avatar: string | null | undefined): string => avatar || DEFAULT_AVATAR;
