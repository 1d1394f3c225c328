/** The product's shield mark; decorative, the product name next to it carries the meaning. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <path
        d="M20 2.5 5 8v11c0 9.2 6.3 16.3 15 18.5 8.7-2.2 15-9.3 15-18.5V8L20 2.5Z"
        fill="var(--logo-shield, #0b1f3a)"
      />
      <path
        d="M20 7.2 9.5 11v8c0 6.6 4.3 11.7 10.5 13.6 6.2-1.9 10.5-7 10.5-13.6v-8L20 7.2Z"
        fill="none"
        stroke="#f5a524"
        strokeWidth="1.6"
      />
      <path
        d="M14.5 14.5v6.3a5.5 5.5 0 0 0 11 0v-6.3"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
