/**
 * Talk about the talk (issue 16): an utterance whose only content is the conversation itself, with no finding,
 * instruction or plan in it, is left out of the notes. Two kinds, by grammar rather than by vocabulary of a domain:
 *  - an acknowledgement said as a whole turn ('You got it.', 'Sounds good.', 'Klink goed.');
 *  - the speaker announcing what they are about to say or look at next ('Let's talk about your results.', 'Let me
 *    listen to his heart.', 'Kom ons praat oor die plan.'), the object a plain noun phrase: no clause of its own
 *    ('…, it looks red'), no number, no time ('…next week'), no action word in -ing ('let's talk about starting…').
 * What the vet says will be done to the animal ('let's start him on…', 'I'm going to order a CBC', 'we'll recheck
 * in two weeks') is never talk about the talk: its verb is no verb of speaking or looking.
 */

const LEAD = String.raw`^(?:(?:okay|ok|so|and|now|well|alright|all right|right|then|um|uh|goed|nou|en|dan|ja|oukei)[\s,.]+)*`;

// 'Let's', 'let me', 'I'm (just) going to', 'I'd like to', 'I want to', 'we're going to'; 'kom ons', 'laat ek', 'ek gaan (nou)'.
const ANNOUNCE = String.raw`(?:let's|let us|let me|i'm (?:just )?(?:going to|gonna|gon na)|i am (?:just )?going to|i'd like to|i would like to|i want to|i wanna|we're (?:just )?(?:going to|gonna|gon na)|we are going to|kom ons|laat ek|laat ons|ek gaan(?: nou)?|ons gaan(?: nou)?|ek wil(?: nou)?)`;

// Speaking of, going over or looking at something; listening; the exam announced as such.
const TALK_VERB = String.raw`(?:just |quickly |now |go ahead and |gou |net )*(?:(?:talk|chat|speak)(?: a (?:little )?bit| a little)? about|go over|review|look at|take a (?:quick |closer )?look at|have a (?:quick |closer )?look at|listen to|check (?:you|him|her|them) out|do a (?:quick )?(?:physical )?exam(?:ination)?|examine (?:you|him|her|them)|praat oor|gesels oor|kyk na|luister na|(?:'n )?bietjie kyk na|hom ondersoek|haar ondersoek)`;

const ANNOUNCEMENT = new RegExp(`${LEAD}${ANNOUNCE}\\s+${TALK_VERB}(?![\\p{L}])(.*)$`, 'iu');

// The object of the announcement must be a noun phrase: a clause, a number, a time or an -ing action after it
// makes it a finding or a plan.
const NOT_A_NOUN_PHRASE = new RegExp(
  [
    String.raw`\d`,
    String.raw`[,;:]\s*\p{L}`,
    String.raw`(?<![\p{L}])(?:is|are|was|were|has|have|had|looks?|seems?|sounds?|shows?|showed|feels?|which|that|where|because|if|when|after|before|until|tomorrow|tonight|next|week|weeks|month|months|again|back|later|today|het|lyk|wys|wat|want|as|wanneer|môre|volgende|weke|maand|weer|terug|vandag)(?![\p{L}])`,
    String.raw`(?<=\p{L}{3})ing(?![\p{L}])`,
    String.raw`\p{L}['’](?:s|re)(?![\p{L}])`,
  ].join('|'),
  'iu',
);

/** At most this many words after the announcing verb: a longer stretch is more than the talk. */
const OBJECT_WORDS = 10;

// A whole utterance that only acknowledges ('you got it', 'sounds good', 'that makes sense', 'klink goed').
const ACKNOWLEDGEMENT = new RegExp(
  `${LEAD}(?:(?:you got it|got it|go ahead|that's (?:good|great|excellent|wonderful|awesome|it)|that is (?:good|great)|excellent|awesome|dis goed|dis lekker|sounds good|that sounds (?:good|great|fine)|that makes sense|makes sense|i see|i understand|understood|no worries|fair enough|will do|of course|absolutely|klink goed|dit klink goed|verstaan|ek verstaan|ek sien|reg so|mooi so)[\\s,.!]*)+$`,
  'iu',
);

/** The utterance only announces what is about to be said or looked at, or only acknowledges. */
export function talksAboutTheTalk(text: string): boolean {
  // A tag asking for agreement ('…, okay?') adds nothing.
  const trimmed = text
    .trim()
    .replace(/[,\s]+(?:okay|ok|alright|all right|right|ja|nè|reg)\s*[?.!]*$/iu, '')
    .replace(/[.!…]+$/u, '');
  if (ACKNOWLEDGEMENT.test(trimmed)) return true;
  const match = ANNOUNCEMENT.exec(trimmed);
  if (!match) return false;
  const object = (match[1] ?? '').trim();
  return (
    !NOT_A_NOUN_PHRASE.test(object) && object.split(/\s+/u).filter((w) => w !== '').length <= OBJECT_WORDS
  );
}
