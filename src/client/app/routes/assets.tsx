import { PageHeader } from '../../components/layout/page-header';

export default function AssetsPage() {
  return <PageHeader title="Assets" subtitle="Manage your asset registry" />;
}
