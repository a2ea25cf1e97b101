/**
 * Issue 33 item 2's figure: "2,000 members in the waiting room at the opening: every place assigned within 1 s"
 * (docs/decisions/0153). The drop's members join its room before it opens; at the opening every one of them asks for
 * their place, as the shop's panels do, each with an ask held open from before the opening. Two figures: when every
 * place was assigned (the first answer: the room's first look after the opening draws it), and when the last of them
 * was answered with their place; every place must be known, each once.
 */
import { call, inBatches } from './client.js';
import { distribution, type Figure } from './stats.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export async function waitingRoomAtOpening(base: string, admin: string, tokens: readonly string[], label: string, group: string) {
  // Time for every member to join first, at the pace joins were seen to go on this machine (a few hundred a second).
  const opensAt = new Date(Math.ceil((Date.now() + 20_000 + tokens.length * 15) / 1000) * 1000);
  const closesAt = new Date(opensAt.getTime() + 2 * 86_400_000);
  const drop = await call(base, '/admin/drops', {
    token: admin,
    body: { opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString() },
  });
  if (drop.status !== 201) throw new Error(`scheduling the drop answered ${drop.status}: ${JSON.stringify(drop.body).slice(0, 300)}`);
  const joins = await inBatches(tokens, 32, (token) => call(base, '/drop/waiting-room', { method: 'POST', token }));
  const refused = joins.filter((answer) => answer.status !== 200);
  if (refused.length > 0) throw new Error(`${refused.length} joins refused, the first: ${JSON.stringify(refused[0]!.body).slice(0, 300)}`);
  const joinedBy = opensAt.getTime() - Date.now();
  if (joinedBy <= 0) throw new Error(`the joins ended ${-joinedBy} ms after the opening`);

  // Every member's panel holds an ask open from before the opening, with the version its join answered (the shop's
  // long poll, decision 0153's amendment): the room answers them all at its first look after the opening, which draws
  // it. The first answer is when every place was assigned; the last, when the last member was told theirs.
  await wait(opensAt.getTime() - Date.now() - 2000);
  const ask = async (token: string, index: number) => {
    const sent = Date.now();
    const answer = await call(base, `/drop/waiting-room?seen=${joins[index]!.body.data.version}&wait=20`, { token });
    return { answer, sinceOpeningMs: Date.now() - opensAt.getTime(), latencyMs: Date.now() - sent };
  };
  const answers = await Promise.all(tokens.map(ask));
  const positions = answers.map(({ answer }) => answer.body?.data?.position as number | null | undefined);
  const distinct = new Set(positions.filter((position): position is number => typeof position === 'number'));
  const everyPlace = distinct.size === tokens.length && [...distinct].every((position) => position >= 1 && position <= tokens.length);
  const lastMs = Math.max(...answers.map(({ sinceOpeningMs }) => sinceOpeningMs));
  const drawnMs = Math.min(...answers.map(({ sinceOpeningMs }) => sinceOpeningMs));
  const latency = distribution(answers.map(({ latencyMs }) => latencyMs));
  const members = tokens.length.toLocaleString('en-IN');
  const missing = `not every member got a place: ${distinct.size} distinct of ${tokens.length}`;
  const figures: Figure[] = [
    {
      group,
      label: `${label}: ${members} in the waiting room, every place assigned after the opening`,
      value: everyPlace ? drawnMs : Number.NaN,
      unit: 'ms',
      target: { op: '<=', value: 1000 },
      note: everyPlace ? "the draw, made by the room's first look after the opening at the asks held open: the first answer" : missing,
    },
    {
      group,
      label: `${label}: the last of ${members} told their place, each holding an ask open from before the opening`,
      value: everyPlace ? lastMs : Number.NaN,
      unit: 'ms',
      note: everyPlace
        ? `${tokens.length.toLocaleString('en-IN')} asks in all, one a member; every held ask is answered at the opening, and each pays the gateway's session check`
        : missing,
    },
  ];
  return { figures, raw: { opensAt: opensAt.toISOString(), joinedBeforeOpeningMs: joinedBy, drawnMs, lastMs, latency, everyPlace } };
}
