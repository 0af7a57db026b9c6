import { PageHeader } from '../../components/layout/page-header';

export default function ReportsPage() {
  return <PageHeader title="Reports" />;
}
