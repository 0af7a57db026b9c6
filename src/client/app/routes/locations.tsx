import { PageHeader } from '../../components/layout/page-header';

export default function LocationsPage() {
  return <PageHeader title="Locations" />;
}
