// The product's mark: a shield (safety of money and identity) holding a rising line (growth), drawn as
// an inline SVG so it is crisp at any density and costs no request. Decorative next to the product name.
export function BrandLogo({ size = 40 }: { size?: number }) {
  return (
    <svg className="brand-logo" width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="brand-logo-fill" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3d7bff" />
          <stop offset="1" stopColor="#0f45cc" />
        </linearGradient>
      </defs>
      <path d="M20 2.5 34.5 8v11.2c0 9.1-6 15.9-14.5 18.3C11.5 35.1 5.5 28.3 5.5 19.2V8Z" fill="url(#brand-logo-fill)" />
      <path d="m12 24.5 6-6 4.2 4.2L29 15.8" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M24 15.5h5.2v5.2" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
