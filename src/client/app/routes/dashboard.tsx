import { PageHeader } from '../../components/layout/page-header';

export default function DashboardPage() {
  return <PageHeader title="Dashboard" subtitle="Overview of your asset estate" />;
}
