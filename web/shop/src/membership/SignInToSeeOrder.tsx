import { COPY } from '@elts/contracts';
import { Link } from '@elts/router';
import { Button, buttonClasses, Card, requestSignIn } from '@elts/ui';
import { ORDER_COPY } from './copy.js';
import { FactList } from './FactList.js';

/**
 * An order opened without a session in this tab (a link from a mail, a new tab): the member logs in here and the
 * sign-in brings them back to this same address (the shell honours that for /order), now able to see the order.
 */
export function SignInToSeeOrder({ orderId }: { orderId: string }) {
  return (
    <Card as="section" aria-labelledby="order-outcome">
      <h2 id="order-outcome" className="text-2xl font-bold text-ink-950">
        {COPY.orderPage.signIn}
      </h2>
      <FactList rows={[['Order ID', orderId]]} className="mt-6 gap-y-3" />
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => requestSignIn()}>{COPY.orderPage.signInButton}</Button>
        <Link to="/" className={buttonClasses('secondary')}>
          {ORDER_COPY.home}
        </Link>
      </div>
    </Card>
  );
}
