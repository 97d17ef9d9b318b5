import type { SVGProps } from 'react';

/** Icons only the admin panel needs, drawn on the same 24-unit stroke grid as components/icons. */
function AdminIcon({ size = 20, children, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const UsersIcon = ({ size }: { size?: number }) => (
  <AdminIcon size={size}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1" />
    <path d="M16 4.13a4 4 0 0 1 0 7.75" />
    <path d="M22 21v-1a6 6 0 0 0-4-5.65" />
  </AdminIcon>
);

export const BuildingIcon = ({ size }: { size?: number }) => (
  <AdminIcon size={size}>
    <path d="M3 21h18" />
    <path d="M5 21V7l7-4 7 4v14" />
    <path d="M9 21v-5h6v5" />
    <path d="M9 10h.01M15 10h.01" />
  </AdminIcon>
);

export const TrashIcon = ({ size = 16 }: { size?: number }) => (
  <AdminIcon size={size}>
    <path d="M3 6h18" />
    <path d="M8 6V4h8v2" />
    <path d="M19 6l-1 14H6L5 6" />
  </AdminIcon>
);

export const SearchIcon = ({ size = 18 }: { size?: number }) => (
  <AdminIcon size={size}>
    <circle cx="11" cy="11" r="7" />
    <path d="M21 21l-4.3-4.3" />
  </AdminIcon>
);
