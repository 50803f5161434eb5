/**
 * A local DNS server for the deploy's address check in the tests and `npm run deploy:rehearse`: it answers A and
 * AAAA questions for the names it is given and NXDOMAIN ("no such name") for every other, so the check can be
 * tried on a public name, a name not pointed anywhere yet, and a name that points at a private network, without
 * the internet. Its address goes in DEPLOY_DNS_SERVERS (127.0.0.1:<port>).
 *
 * The messages are RFC 1035's (section 4.1, https://www.rfc-editor.org/rfc/rfc1035#section-4.1; AAAA from
 * RFC 3596): a 12-byte header (id, flags, then the counts of questions, answers, authority and additional
 * records), the question as it was asked, then each answer: the name (as a pointer to the question's, 0xC00C),
 * type, class IN, TTL, and the address's bytes. A name that exists but has no address of the type asked is
 * answered with no records and no error (RCODE 0); an unknown name with RCODE 3.
 */
import { createSocket } from 'node:dgram';
import { isIP } from 'node:net';

export interface DnsFake {
  /** The server's address for DEPLOY_DNS_SERVERS and Resolver.setServers: 127.0.0.1:<port>. */
  url: string;
  /** The questions it was asked: the name and 'A' or 'AAAA' (or the type's number). */
  questions: Array<{ name: string; type: string }>;
  close(): Promise<void>;
}

const TYPE_A = 1;
const TYPE_AAAA = 28;
const CLASS_IN = 1;
const NXDOMAIN = 3;
const FORMERR = 1;

/** The bytes of an IPv6 address: its eight groups, "::" standing for as many zero groups as are missing. */
function ipv6Bytes(address: string): Buffer {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const part = (text: string | undefined) => (text ? text.split(':') : []);
  const groups = tail === undefined ? part(head) : [...part(head), ...Array(8 - part(head).length - part(tail).length).fill('0'), ...part(tail)];
  const bytes = Buffer.alloc(16);
  groups.forEach((group, index) => bytes.writeUInt16BE(parseInt(group, 16), index * 2));
  return bytes;
}

/** The question's name and where the question ends, or undefined when the message is not one this server reads. */
function readQuestion(message: Buffer): { name: string; type: number; end: number } | undefined {
  if (message.length < 12 || message.readUInt16BE(4) !== 1) return undefined;
  const labels: string[] = [];
  let at = 12;
  while (at < message.length && message[at] !== 0) {
    const length = message[at]!;
    if (length > 63) return undefined; // a compression pointer has no place in a question
    labels.push(message.toString('latin1', at + 1, at + 1 + length));
    at += 1 + length;
  }
  if (at + 5 > message.length) return undefined;
  return { name: labels.join('.').toLowerCase(), type: message.readUInt16BE(at + 1), end: at + 5 };
}

export async function startDnsFake({ records }: { records: Record<string, string[]> }): Promise<DnsFake> {
  const byName = new Map(Object.entries(records).map(([name, addresses]) => [name.toLowerCase().replace(/\.$/, ''), addresses]));
  const questions: DnsFake['questions'] = [];
  const socket = createSocket('udp4');

  socket.on('message', (message, from) => {
    const question = readQuestion(message);
    const header = Buffer.alloc(12);
    message.copy(header, 0, 0, 2); // the id, so the asker can match the answer to its question
    // QR (an answer), the asker's opcode and RD, AA (this server holds the names) and RA.
    const flags = 0x8000 | (message.length >= 4 ? message.readUInt16BE(2) & 0x7900 : 0) | 0x0400 | 0x0080;
    if (!question) {
      header.writeUInt16BE(flags | FORMERR, 2);
      socket.send(header, from.port, from.address);
      return;
    }
    questions.push({ name: question.name, type: question.type === TYPE_A ? 'A' : question.type === TYPE_AAAA ? 'AAAA' : String(question.type) });
    const addresses = byName.get(question.name);
    const wanted = question.type === TYPE_A ? 4 : question.type === TYPE_AAAA ? 6 : 0;
    const answers = (addresses ?? []).filter((address) => wanted && isIP(address) === wanted).map((address) => {
      const data = wanted === 4 ? Buffer.from(address.split('.').map(Number)) : ipv6Bytes(address);
      const record = Buffer.alloc(12);
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's, at byte 12
      record.writeUInt16BE(question.type, 2);
      record.writeUInt16BE(CLASS_IN, 4);
      record.writeUInt32BE(60, 6); // TTL, seconds
      record.writeUInt16BE(data.length, 10);
      return Buffer.concat([record, data]);
    });
    header.writeUInt16BE(flags | (addresses ? 0 : NXDOMAIN), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, message.subarray(12, question.end), ...answers]), from.port, from.address);
  });

  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    url: `127.0.0.1:${socket.address().port}`,
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
