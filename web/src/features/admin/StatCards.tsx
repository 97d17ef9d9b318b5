import type { ReactNode } from 'react';
import { MicIcon } from '../../components/icons';
import { BuildingIcon, UsersIcon } from '../../components/icons';
import { useAdminStats } from './api';
import styles from './Admin.module.css';

function StatCard({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <li className={styles.stat}>
      <span className={styles.statIcon}>{icon}</span>
      <div>
        <p className={styles.statLabel}>{label}</p>
        <p className={styles.statValue}>{value}</p>
      </div>
    </li>
  );
}

/** The three totals of spec section 2. A dash stands in while loading or when the call failed. */
export function StatCards() {
  const { data, isError } = useAdminStats();
  const show = (value: number | undefined) =>
    value === undefined ? (isError ? '—' : '…') : value.toLocaleString('en-ZA');
  return (
    <ul className={styles.stats} aria-label="System statistics" aria-busy={!data && !isError}>
      <StatCard label="Total Users" value={show(data?.stats.totalUsers)} icon={<UsersIcon />} />
      <StatCard label="Total Recordings" value={show(data?.stats.totalRecordings)} icon={<MicIcon />} />
      <StatCard label="Active Practices" value={show(data?.stats.totalPractices)} icon={<BuildingIcon />} />
    </ul>
  );
}
