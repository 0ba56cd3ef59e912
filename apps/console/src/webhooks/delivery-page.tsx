import { Link, useParams } from 'react-router';
import { DeliveryDetail } from './delivery-detail';

export function DeliveryPage() {
  return (
    <section>
      <p>
        <Link to="/webhooks">← Webhooks</Link>
      </p>
      <DeliveryDetail webhookId={useParams().webhookId!} heading="h1" />
    </section>
  );
}
