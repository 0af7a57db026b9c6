import { PageHeader } from '../../components/layout/page-header';

export default function MetersPage() {
  return <PageHeader title="Meters" />;
}
