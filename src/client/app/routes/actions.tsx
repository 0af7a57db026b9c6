import { PageHeader } from '../../components/layout/page-header';

export default function ActionsPage() {
  return <PageHeader title="Actions" />;
}
