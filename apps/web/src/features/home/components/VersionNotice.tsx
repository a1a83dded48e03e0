import './home.css';

/** The home page's version notice: a slow marquee (static and wrapped for reduced motion). */
export function VersionNotice({ text }: { text: string }) {
  return (
    <div className="home-notice" role="note">
      <svg className="home-notice-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden>
        <path
          d="M3 10v4h4l5 4V6L7 10H3zm13.5 2a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z"
          fill="currentColor"
        />
      </svg>
      <div className="home-notice-track">
        <span className="home-notice-text">{text}</span>
      </div>
    </div>
  );
}
