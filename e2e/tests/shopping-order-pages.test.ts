import { describe, expect, it } from 'vitest';
import { createProduct, placeUnpaidOrder, waitForBoard } from '../src/admin.js';
import { baseURL, useBrowser } from '../src/browser.js';
import { completeProfile, signUp, subscriber, type TestMember } from '../src/members.js';

const browser = useBrowser();

/** Declines the order's payment on the simulator's page and waits until the order has failed. */
async function declined(member: TestMember, placed: { order_id: string; payment_link: string }): Promise<void> {
  const answer = await fetch(placed.payment_link, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(placed.payment_link).origin },
    body: new URLSearchParams({ outcome: 'failure', method: 'upi' }),
  });
  expect(answer.status).toBe(303);
  const status = async () => {
    const response = await fetch(`${baseURL()}/product/order/${placed.order_id}`, { headers: { authorization: member.token } });
    return ((await response.json()) as { data: { status: string } }).data.status;
  };
  await expect.poll(status, { timeout: 15_000 }).toBe('failed');
}

describe('the Orders section and the board around it', () => {
  it('pages ten orders at a time, and a new filter starts again from page 1', async () => {
    const product = await createProduct({ name: `Heron${Date.now().toString(36)} Board Game`, stock: 20 });
    // A business with a GSTIN may order one product again and again (a working professional buys one of each), and
    // no member may have more than two orders waiting for payment: all but the last are declined before the next.
    const member = await subscriber({ profile: { profession: 'business', gst: '27AAPFU0939F1ZV' } });
    const placed: string[] = [];
    for (let i = 0; i < 12; i++) {
      const order = await placeUnpaidOrder(member.token, product.id);
      placed.push(order.order_id);
      if (i < 11) await declined(member, order);
    }

    const { page } = await browser.open('/profile?section=orders', { session: member.session });
    await page.getByText('Page 1 of 2').waitFor();
    expect(await page.getByRole('listitem', { name: /^Order ORD-/ }).count()).toBe(10);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    // Newest first: the first orders placed are the ones on page 2.
    await page.getByRole('listitem', { name: `Order ${placed[0]}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    // Eleven failed orders are two pages again, starting from the first.
    await page.getByRole('button', { name: 'Failed', exact: true }).click();
    await page.getByText('Page 1 of 2').waitFor();
    expect(await page.getByRole('listitem', { name: `Order ${placed[10]}` }).count()).toBe(1);
    await page.getByRole('button', { name: 'Pending', exact: true }).click();
    await page.getByRole('listitem', { name: `Order ${placed[11]}` }).waitFor();
    expect(await page.getByRole('listitem', { name: /^Order ORD-/ }).count()).toBe(1);
    await page.getByRole('button', { name: 'Completed', exact: true }).click();
    await page.getByRole('heading', { name: 'No Orders Found' }).waitFor();
  });

  it('offers a member without a membership the subscription instead of deals, after a failed load and Try Again', async () => {
    const member = await signUp();
    await completeProfile(member);
    let boardCalls = 0;
    const { page } = await browser.open('/profile', {
      session: member.session,
      // The first board request fails as a server error would.
      prepare: (tab) =>
        tab.route('**/product/list?*', (route) =>
          ++boardCalls === 1
            ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"is_success":false}' })
            : route.continue(),
        ),
    });
    await page.getByRole('alert').filter({ hasText: 'Failed to fetch products' }).waitFor();
    await page.getByRole('button', { name: 'Try Again' }).click();
    const subscribe = page.getByRole('link', { name: 'SUBSCRIBE NOW' });
    await subscribe.waitFor();
    expect(await page.getByRole('button', { name: 'Buy Now' }).count()).toBe(0);
    expect(boardCalls).toBe(2);
    await subscribe.click();
    await page.waitForURL((url) => url.searchParams.get('section') === 'subscription');
  });

  it('lets the member switch a product to another of its variants before buying', async () => {
    const group = `e2e-${Date.now().toString(36)}`;
    const small = await createProduct({ name: `Ibis${group} Steel Flask 500 ml`, price: 899, variantGroup: group, isVariantPrimary: true });
    const large = await createProduct({ name: `Ibis${group} Steel Flask 1 litre`, price: 1299, variantGroup: group });
    const member = await subscriber({ profile: { needList: [small.name, 'Headphones', 'Cooker'] } });
    await waitForBoard(member.token, [small.id]);
    const { page } = await browser.open('/profile', { session: member.session });
    await page.getByRole('listitem', { name: small.name }).getByRole('button', { name: 'View Details' }).click();
    await page.getByRole('dialog', { name: small.name }).waitFor();
    // The versions are radio buttons named by their full names here (no bracketed detail sets them apart).
    const largeOption = page.getByRole('radio', { name: `${large.name} · ₹1,299.00` });
    // A person presses the option's label (the radio itself is drawn by it).
    await page.locator('label').filter({ has: largeOption }).click();
    expect(await largeOption.isChecked()).toBe(true);
    // The heading follows the pick.
    const details = page.getByRole('dialog', { name: large.name });
    await details.waitFor();
    await details.getByRole('button', { name: 'Buy Now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Your Order' });
    await confirm.getByText(large.name).waitFor();
    expect(await confirm.textContent()).toMatch(/Price\s*₹1,299\.00/);
  });
});
