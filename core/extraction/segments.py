"""Splitting a message into clauses ("segments") that each carry one intent.

A message like "We're in Tahoe, but if it snows we'll drive home" holds two
claims with different intents. Intent is therefore decided per segment; this
module only cuts the text and records how each piece was joined to the one
before it, so the classifier can carry the scope of an "if" across a comma
("If it rains, we'll stay home") but not across "but".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.extraction.clause_openings import LEAD_CONJ, LEADS_IN, REMEMBER
from core.extraction.incredulous import incredulous
from core.extraction.intent_nonfactual import INVITED
from core.extraction.lead_filler import lead_stripped
from core.extraction.letters import strip_frame, strip_salutation
from core.extraction.piece_cuts import cut_into_clauses
from core.extraction.sentences import sentences
from core.extraction.travel_presence import ON_A_VEHICLE
from core.extraction.typed_text import clean
from core.extraction.word_gates import gated

# Joints between clauses: coordinators, and a bare comma followed by a new subject.
_JOINT = gated(
    # "my husband and I are in Florence": "X and I" + a plural verb is one subject.
    # "…, oh and the water bill is $45 due friday", "…, also the rent is $1,800": another fact.
    r"(?<!^me)\s*,?\s+(?:oh\s+)?(?P<conj>but|though|although|whereas|while|so|and|or|because|since|"
    r"(?<=,\s)also|(?<=,\soh\s)also)\s+"
    # "I'm in Chicago till Thursday and then I fly home Friday": "then" before the subject.
    r"(?:then\s+(?=(?:i|we|i'm|we're|i'll|we'll)\b))?"
    r"(?!i\s+(?:are|were|have|'ve|both|each)\b|i\s*,|i$)"
    r"(?=(?:i|we|he|she|they|it|you|my|our|his|her|their|the\s+kids|mom|dad|i'm|we're|i'll|"
    r"we'll|i've|we've|i'd|we'd|they're|it's|that's|there's|if|unless|maybe|now)\b"
    # "the train was mobbed but am in the flat now", "…so am here till sunday": "I" left
    # out before "am", a clause of its own ("so am I" is "me too").
    r"|am\s+(?!i\b)(?=[a-z])"
    # "I'm off work all week, and Dave's away till the 18th": someone named, with a verb of
    # their own after the joint, is a clause of its own (as after a bare comma below).
    r"|(?-i:[A-Z][a-z]+)(?:'s\s+(?!(?:is|are)\b)(?=[a-z])|\s+(?:is|has|was|had|got|still)\b)"
    # "the boys are with their mum this week and back with me Friday", "Dev's in Leeds this
    # week and back on the 9th": the return, its subject left out, is a clause of its own
    # (as after a comma: the stay before it is now).
    r"|back\s+(?:(?:with|to)\s+(?:me|us|mine|ours)\s+|home\s+)?(?:on\s+)?(?=(?:(?:mon|tue|wed|thu|"
    r"fri|sat|sun)[a-z]*|next|tomorrow|tmrw|tonight|the\s+\d|\d)\b)"
    # "my husband has the flu and practice is tomorrow", "…and rent is due friday": a thing
    # and its day, after another fact, is a clause of its own (one "is": no "X and Y are").
    r"|(?:the\s+)?(?!(?:i|it|he|she|they|we|you|that|this|there|what|who|which)\b)[a-z]+(?:\s+[a-z]+)?"
    r"\s+is\s+(?:(?:[$€£]\s?\d[\d,.]*|\d[\d,.]*\s?(?:dollars|bucks|quid|pounds|euros))\s*,?\s+(?=due\b))?"
    r"(?:due\b|(?:on\s+|this\s+|next\s+)?(?:tomorrow|tmrw|tonight|today|"
    r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)\b|(?:at|on\s+the)\s+\d|(?:closed|cancell?ed|off|over)\b)"
    # "originally from san diego but living in seattle now": the home now, after the origin.
    r"|(?:living|based|settled)\s+in\b|(?:finally|at\s+(?:long\s+)?last)\s+(?:in|at|here|home|back)\b"
    # "I've moved to Leeds so please update my address": the ask after the fact it follows
    # from, a clause of its own (the fact stays told).
    r"|(?<=\bso\s)(?:please|pls|plz|kindly)\s+(?=[a-z])"
    # "the boiler broke again and the landlord isn't answering": a thing or a person doing
    # or being something now, after a past event, is a clause of its own with its own tense.
    r"|(?:the|my|our)\s+[a-z]+\s+(?:is|isn't|isnt|are|aren't|arent|keeps|won't|wont|can't|cant)\s+"
    r"(?:still\s+)?(?:not\s+)?[a-z]+ing\b"
    # "streaming from my uncle's this week so ping might be trash": a guess at what follows
    # from the fact, a thing and its modal, a clause of its own (the fact stays whole).
    r"|(?<=\bso\s)(?:(?:the|my|our|his|her|their)\s+)?[a-z]+\s+(?:might|may|could)\s+(?:not\s+|"
    r"never\s+)?(?:be|have|get|take|go|come|arrive|run|lag|drop|cut)\b"
    # "the girls are with their dad this week and with me from sunday": who has them next,
    # a clause of its own (its day is not the stay's now).
    r"|with\s+(?:me|us)\s+(?:again\s+)?(?:from|after)\b"
    # "the train home got cancelled so one more night in Paris": what is left of the stay,
    # now, after the story of why.
    # "the kids went back to school today so the house is quiet": a thing and how it is
    # now, the result of the past event before it, a clause of its own with its own tense.
    r"|(?<=\bso\s)(?:the|my|our|his|her|their)\s+(?:[a-z]+\s+)?[a-z]+\s+(?:is|are|isn't|isnt|aren't|arent|"
    r"has|have|hasn't|hasnt|haven't|havent)\s+(?!been\b|had\b|got\b)(?=[a-z])"
    r"|(?<=\bso\s)(?:one|two|three|another|an\s+extra)\s+(?:more\s+)?(?:nights?|days?|weeks?)\s+"
    r"(?:in|at)\b"
    # "…but with everything going on we cancelled": a phrase, then the clause's subject.
    r"|(?:with|after|given|because\s+of|due\s+to|in\s+the\s+end|at\s+the\s+last\s+minute)\b"
    r"[^.;!?]{0,40}?\b(?:we|i)\s+(?!and\b)[a-z']+)"
    r"|\s*,\s*(?P<comma>)(?=(?:i|we|he|she|they|it|you|i'm|we're|i'll|we'll|i've|we've|i'd|"
    r"we'd|they're|it's|that's|let's|but|now|maybe|though|so|then|will|(?:living|based)\s+in\b|"
    # "stuck in traffic, might miss it": a guess after a comma leaves the fact before it.
    r"(?:(?:honestly|tbh|ngl|lowkey|lol|srsly|and)\s+)?might|(?:settled)\s+in\b|"
    # "stranded in bangkok, airline says maybe tmrw": someone's words after a comma, their
    # own clause (their doubt is not the fact's before it).
    # (not "..., right, and says he's …": the same subject's second verb)
    r"(?:(?:the|my|our)\s+)?(?!(?:and|but|or|so|then|just|also|who|which|that)\s)[a-z]+\s+"
    r"(?:says|said|reckons)\s+(?=[a-z])|"
    # "we're stuck in Calais, otherwise we'd be home by now": what would be if the fact
    # before were not, a clause of its own (the fact before it stays a fact).
    r"(?:otherwise|or\s+else)\s+(?=[a-z])|"
    # "the neighbours went to Spain last week, their cat's with us": someone's thing and
    # what it is now, after a past event, a clause of its own with its own tense.
    r"(?:his|her|their|your)\s+[a-z]+(?:'s|\s+(?:is|are|isn't|aren't))\s+(?=[a-z])|"
    # "grew up in Leicester, been in Toronto since 2015": the present perfect of where one
    # is, its subject left out, a clause of its own after the past.
    r"been\s+(?:(?:living|based)\s+)?in\s+(?=[^,;.!?]*\bsince\b)|"
    # "bags dumped, shoes off, finally in Porto": where one has got to at last, its subject
    # left out, after what was done on the way (the place is now, the chores a story).
    r"(?:finally|at\s+(?:long\s+)?last)\s+(?:in|at|here|home|back)\b|"
    # "we're in Oban till Thursday, depends on the ferries": the doubt after the fact is a
    # clause of its own (the fact before it is told as one).
    r"(?:(?:it|that|all)(?:'s|\s+)\s*)?(?:depends|depending)\s+on\b|"
    # "visa run done, back in KL", "exams over, back home": where one is after what is done.
    r"back\s+(?:in|home)\b|"
    # "dropped the kids at my mum's, on my way to yours": where one is headed now.
    r"(?:on\s+(?:my|our)\s+way|omw|otw)\s+(?:to|2|home|back)\b|"
    # "train cancelled, on the replacement bus": on the vehicle now, after what happened.
    rf"{ON_A_VEHICLE}|"
    # "three weeks into a trip round New Zealand, currently in Queenstown": where one is now,
    # after how far into the trip, a clause of its own.
    r"(?:currently|presently)\s+(?:in|at|staying|stuck|sat|sitting)\b|"
    # "I'm 24, recently moved to Manchester": a move with its subject left out.
    r"(?:just|recently|finally)\s+(?:moved|relocated)\s+(?:back\s+)?to\b|"
    # "moved back to Glasgow, where I grew up": what the place was once, a clause of its own
    # (its past is not the move's).
    r"where\s+(?:i|we|he|she|they|my|our|his|her|their)\s+(?:[a-z]+\s+){0,2}?(?:was|were|grew|"
    r"lived|met|spent|used|had|went|got|honeymooned|studied|worked|[a-z]+ed)\b|"
    # "working out of a cowork in Tbilisi, invoices might be slow": a thing and its modal
    # after a comma is a guess of its own, the fact before it left whole.
    r"(?:(?:the|my|our|his|her|their)\s+)?[a-z]+\s+(?:might|may|could|won't|can't|will|should)\s+"
    r"(?:not\s+|never\s+)?(?:be|have|get|take|go|come|arrive|run)\b|"
    # "41F, work at Deloitte, two kids": a list of facts about the writer, the subject left
    # out of each.
    # "handed in my notice on friday, am officially unemployed": how the writer is now,
    # "I" left out, after the past event that led there.
    r"am\s+(?!i\b)(?=[a-z])|"
    r"(?:work|working)\s+(?:as\s+(?:an?\s+)?[a-z]+\s+)?(?:at|for)\b|live\s+in\b|"
    # "lol i'm broke, owe my sister 300": a debt, its subject left out.
    r"(?:still\s+)?owe\s+(?!it\b|that\b)|"
    # "flying to chicago tmrw, probably back tuesday": a doubt that leads a clause after a
    # comma is that clause's, not the fact's before it ("…, perhaps, I shall" stays whole).
    r"(?:probably|prob|likely|hopefully|possibly|perhaps)\s+(?=[a-z])|"
    # "lmao in Denver since monday, send snacks": an ask of the reader after the news, its
    # own clause (the news before it stays told, not asked).
    # ("I start on Monday, wish me luck" stays whole: the wish goes with the plan it follows)
    r"(?:(?:pls|plz|please)\s+)?(?:send|bring|pray|call|ring|text|ping|dm)\s+"
    r"(?=(?:me|us|help|snacks|food|coffee|pics|photos|prayers|vibes|for|later|asap|if)\b)|"
    # "dentist tues 2pm, flying to Dublin sat morning": a leg of a week's plan after a comma
    # is a clause of its own, with its own day.
    r"(?:flying|driving|heading|travell?ing|train|coach|ferry|flight|bus)\s+(?:back\s+|out\s+|"
    r"up\s+|down\s+|over\s+)?to\s+(?=[^,.;!?]{0,40}?\b(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*|tomorrow|"
    r"tmrw|"
    r"tonight|next|this|on\s+the)\b)|"
    # "still in lisbon, flight home sunday": the way home, said with its day and no verb, is
    # a clause of its own (the stay before it is now, not a plan).
    r"(?:flight|flying|train|bus|coach|ferry|drive|driving)\s+(?:home|back)\s+(?=(?:on\s+)?"
    r"(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*|tomorrow|tmrw|tonight|next|this|the\s+\d)\b)|"
    # "Lily has the flu again, no school tomorrow": what is off, a clause of its own (its
    # day is not the illness's).
    r"no\s+(?:school|nursery|daycare|preschool|practice|training|club|swim(?:ming)?|football|"
    r"soccer|ballet|piano|lessons?|class(?:es)?)\b|"
    # "grandma very chesty, coughing a lot, ring 111 if worse": a carer's instruction and its
    # condition after the states, a clause of its own (the states are not conditional).
    r"(?:ring|call|phone|contact|text|page|escalate|give|check|inform)\s+[^,.;]{0,30}?\bif\b|"
    # "staying till monday, kids have no school": the household, a subject of its own.
    r"(?:the\s+)?(?:kids|children|boys|girls|twins)\s+(?:are|have|were|had|got|can't|won't|"
    r"don't|didn't)\b|"
    # "…, Jack's still at his dad's, my train is at 7.40": a child named with a verb of
    # their own after a comma is a clause of its own in a note of several facts.
    r"(?-i:[A-Z][a-z]+)(?:'s\s+(?!(?:is|are)\b)(?=[a-z])|\s+(?:is|has|was|had|got|still|seems|"
    r"looks|slept|ate|threw|woke)\b)|"
    # "rent paid, water bill still due": each bill of a note's list and its own status.
    r"(?:(?:the|my|our)\s+)?(?:[a-z']+\s+){0,2}?(?:bill|rent|invoice|fees|mortgage|deposit|premium|tax|"
    # "rent's paid, gas is paid, water's due Friday": a utility by its name alone.
    r"gas|water|electric|electricity|internet|broadband|wifi|phone)(?:\s+|(?='s\s))"
    r"(?:(?:is|was|'s|still|now|also|all)\s+)*(?:paid|due|unpaid|overdue|outstanding|sorted|cleared|"
    r"pending)\b|"
    # "Jude is at his dad's for half term, back with me on the 22nd": the child's return to
    # the writer is ahead, the stay before it is now.
    r"back\s+(?:with\s+me|with\s+us|to\s+(?:mine|ours|me|us)|at\s+(?:mine|ours))\b|"
    # "not going anymore, mum's been discharged": a family member's news is theirs.
    r"(?:my\s+|our\s+)?(?:mum|mom|mama|dad|papa|wife|husband|sister|brother|son|daughter|"
    r"grandma|grandpa|nan|gran|baby)(?:'s|\s+(?:is|was|has|had|got|can't|won't|didn't))\b|"
    # "not going to the lake anymore, emmas mom cancelled": someone else's relative and
    # what they did or are, a clause of its own.
    r"(?:his|her|their|[a-z]+'s|[a-z]+s)\s+(?:mum|mom|dad|parents|sister|brother|grandma|"
    r"grandpa|aunt|uncle)\s+(?:[a-z]+ed|is|was|has|had|got|said|says|can't|won't|didn't)\b|"
    # "rent's due on the 1st, landlord already texting": another person doing something,
    # the "is" left out, is a clause of its own (the fact before it stays the writer's).
    r"(?:(?:the|my|our)\s+)?(?:landlord|landlady|client|clients|boss|manager|coworker|roommate|"
    r"neighbou?r|teacher|coach|accountant|mom|mum|dad|wife|husband|partner)\s+"
    r"(?:(?:already|still|just|now|literally|keeps?)\s+)+[a-z]+ing\b|"
    # "Leaving for Florida on the 15th, the house sitter comes the 14th": who minds the house
    # while the writer is away, a clause of its own (the trip before it stays the writer's).
    r"(?:the|my|our)\s+(?:house[\s-]?|dog[\s-]?|pet[\s-]?|cat[\s-]?)?(?:sitter|neighbou?rs?|"
    r"cleaner|nanny|flatmates?|roommates?|housemates?)\s+(?:is|are|has|have|comes|arrives|gets|"
    r"will|'s|can|does|takes|keeps|checks|knows)\b|"
    # "im at moms till 6, can u grab the kids": a request or question put to the listener
    # after a statement is a clause of its own; the statement keeps its claim.
    r"(?:can|could|would|will|did|do)\s+(?:you|u)|pls|please|book\s+(?:it|that)\b|go\s+ahead\b|"
    # "Landed in Nairobi, can someone send me the hotel address?": the others asked.
    # "we moved to Bristol in May, does anyone know a good GP?": the same, "do" before them.
    r"(?:can|could|would|will|does|do|did|has|have|is)\s+(?:some\s*one|some\s*body|any\s*one|any\s*body|"
    r"one\s+of\s+(?:you|u))\b|"
    # "I am going to the cinema tonight, book me a taxi": a request after a statement.
    r"(?:book|reserve|order|get|find|call|send|remind|text)\s+(?:me|us)\b|"
    # "I'll be in Boston from the 10th, any hotel suggestions?": a question after a statement
    # (a relative "where" without its question mark stays: "Rome, where we ate pasta").
    r"(?:where|what|when|how|which|who|any|anyone|anybody|anything|anywhere|is\s+there|are\s+there)\b"
    r"(?=[^.!?]*\?)|"
    # "We're vegan, is that ok for the set menu?", "I've a guide dog, is that a problem?":
    # whether the writer's fact suits the listener, asked after it (see ``_SUITS_AFTER``).
    r"(?P<suits>)(?:is\s+(?:that|this|it)|would\s+that|will\s+that|does\s+(?:that|this|it)|"
    r"do\s+(?:you|they)|can\s+(?:i|we)|could\s+(?:i|we))\b(?=[^.!?]*\?)|"
    # "we'll be in Lisbon from the 20th, shall we meet up?", "in Rome next week, want to grab
    # dinner?", "home Friday, you around?": a question put to the listener by its inverted or
    # elided verb, after the news, is a clause of its own; the news keeps its claim.
    r"(?:(?:shall|should)\s+(?:we|i)|(?:are|r)\s+(?:you|u|ya)|(?:want|wanna|fancy)\s+(?:to\b|a\b|"
    r"some\b|[a-z]+ing\b)|(?:you|u|ya)\s+(?:free|around|about|up\s+for|in\s+town))\b"
    r"(?=[^.!?]*\?)|"
    # "I'm back in town, drinks this week?": an invitation asked after the news.
    r"(?:drinks?|lunch|dinner|coffee|beers?|brunch|breakfast|tacos|pizza|food|hang(?:out)?|"
    r"game\s+night|movie\s+night)\b(?=[^.!?,]{0,30}\?)|"
    # "currently in Tokyo, back Mar 20": the return is a clause of its own; so is "home"
    # with its day ("been at gran's since sat, home tmrw").
    r"(?:back|home)\s+(?:(?:late|early)\s+)?(?:on\s+)?(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*|jan|feb|mar|apr|may|jun|jul|aug|sep|"
    r"oct|nov|dec|next|tomorrow|tmrw|tonight|in\s+\d|\d|"
    # "hubby flew out to Lagos this morning, back in two weeks"
    r"in\s+(?:a|an|one|two|three|four|five|six|a\s+few|a\s+couple\s+of)\s+(?:days?|weeks?|months?))|"
    # "we're in tahoe, back at work monday": the return to work is a clause of its own.
    r"back\s+(?:at\s+work|in\s+the\s+office|at\s+the\s+office|to\s+work)|"
    # "Sid's brighter today, the antibiotics kicked in overnight", "the party's off, the
    # venue flooded": a thing and what it did, told after the news, is a clause of its own
    # (its past explains the news; it does not date it).
    # "Gran's on amoxicillin, last dose was 2pm": the last of something, when it was.
    r"(?P<told>(?:the|his|her|their|our|your|last)\s+(?:[a-z']+\s+){0,2}?(?:[a-z]{3,}ed|rang|came|"
    r"went|broke|fell|took|said|told|sent|gave|woke|threw|ran|caught|kept|was|were|got|wasn't|"
    r"weren't|didn't)(?=\s|,|$))|"
    # "he's home now, results next week", "she's breathless, GP visit booked Mon 11am", "the
    # boiler's playing up, the engineer comes Friday": a hand-over's appointment or visit
    # dated ahead is a clause of its own (its day is not the state's before it).
    r"(?:(?:the|a|an|her|his|their|your|my|our)\s+)?(?:[a-z']+\s+){0,2}?(?:results?|appt|"
    r"appointment|visit|review|bloods|scan|check-?up|follow-?up|engineer|plumber|electrician|exams?|"
    r"delivery|gp|doctor|dentist|physio|consultant|clinic|district\s+nurse|nurse|"
    r"health\s+visitor|social\s+worker)\s+(?:(?:is|are|booked|due|comes|coming|arrives|"
    r"visiting|for|on|at|starts?|begins?)\s+)*(?=(?:next|tomorrow|tmrw|tonight|on\s+the\s+\d+(?:st|nd|rd|th)?|(?:mon|tue|wed|"
    r"thu|fri|sat|sun)[a-z]*)\b)|"
    # "Dad's home, tired but cheerful, speak tomorrow": a sign-off's day is not the news's;
    # "back on the 3rd, see you then": the goodbye until the day told, a clause of its own.
    r"(?:speak|talk|chat|see\s+(?:you|u|ya)|catch\s+up)\s+(?:to\s+(?:you|u)\s+)?(?:tomorrow|tmrw|"
    r"later|soon|then|there|next\s+\w+|(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)\b|"
    # "noah's better, back at school tmrw": the return to school, a clause of its own.
    r"back\s+(?:at|to|in)\s+(?:school|daycare|preschool|nursery|kindergarten|class|practice)|"
    # "not in austin anymore, back home": being home again is a clause of its own.
    r"(?:finally\s+|safely\s+)?back\s+home)\b)"
    # "..., but the whole thing got cancelled": a subject that points back at what was
    # said starts a clause of its own after a contrast or a consequence.
    r"|\s*,?\s+(?P<conj2>but|though|although|because|so)\s+(?=(?:the\s+)?(?:whole\s+thing|"
    r"everything)\b"
    # "we were gonna go to cabo but everyone bailed", "… but the car died": after a plan
    # undone, what undid it is a clause of its own, whoever or whatever its subject is.
    r"|(?<=\bbut\s)(?:the|everyone|everybody|nobody|someone|somebody)\s+(?:[a-z']+\s+){0,2}?"
    r"(?:got|was|were|is|are|has|had|'s|died|bailed|fell|broke|ran|came|went|changed|"
    r"cancell?ed|postponed|backed|pulled|dropped|[a-z]{3,}ed)\b)"
    r"|\s+and\s+(?=(?:leave|leaving|fly|flying|head|heading|drive|driving|arrive|arrived|land|"
    r"landed|stay|staying|start|started|move|moved|spend|spending|visit|visiting|checked|"
    r"loving|love|hate|going)\b)"
    r"|\s+-\s+"
    # "Tobi will be absent today as he is running a fever", "I cannot attend as I am
    # travelling": "as" giving the reason, with a subject and a present verb of its own,
    # starts a clause (not "as soon as", "as well as", "as long as", "as far as", "as I
    # said", "as we speak").
    r"|(?<!\bas\s)(?<!\bsoon)(?<!\bwell)(?<!\blong)(?<!\bfar)\s*,?\s+(?P<conj3>as)\s+(?=(?:he|she|they)(?:'s|'re|\s+(?:is|are|"
    r"has|have|got|still))\b|i(?:'m|\s+am|\s+have|'ve)\b|we(?:'re|\s+are|\s+have|'ve)\b)"
    # A carer's or a sibling's note: "Note for whoever has Mum tonight: she's been running a
    # temp", "For Sat carer: Grandma is back from respite". After the heading's colon, a
    # clause about the person cared for is a clause of its own.
    r"|\s*:\s+(?=(?:she|he|they)(?:'s|\s+(?:is|are|was|were|has|have|had|got|slept|seems|looks))\b"
    r"|(?:(?:my|our)\s+)?(?:mum|mom|dad|grandma|grandpa|nan|nana|gran|granny|grandad)"
    r"(?:'s|\s+(?:is|was|has|had|got|slept|seems|looks))\b"
    # ... or a child by name, the heading saying when or why ("Quick handover before I go:
    # Ava's ear infection has cleared", "For tonight's sitter: Poppy has had calpol").
    r"|(?-i:[A-Z][a-z]+)(?:'s\s+(?!(?:is|are)\b)[a-z]|\s+(?:is|was|has|had|got|still|slept|seems|"
    r"looks)\b))"
    # "we're in Denver for the night before driving to Moab tomorrow": the next leg and its
    # day are a plan of their own; the stay before it is about now.
    r"|\s+(?P<before>before)\s+(?=(?:leaving|flying|heading|driving|going|taking|catching|"
    r"getting|moving\s+on|continuing)\b[^.;!?,]{0,40}?\b(?:today|tonight|tomorrow|tmrw|"
    r"(?:this|next)\s+\w+|on\s+the\s+\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|in\s+the\s+"
    r"morning)\b)"
    # "daycare called, lucas has pink eye": the news after a call or a text is its own clause.
    r"|(?:(?<=\bcalled)|(?<=\btexted)|(?<=\bemailed)|(?<=\bmessaged)|(?<=\brang))\s*,\s*"
    # "Mum rang to say Dad is back in hospital": the news a call brought, in a clause of its
    # own (a present verb follows: "called to say sorry" has none).
    r"|(?:(?<=\bcalled)|(?<=\btexted)|(?<=\bemailed)|(?<=\bmessaged)|(?<=\brang)|(?<=\bphoned)|"
    r"(?<=\bwrote))\s+(?:to\s+(?:say|tell\s+(?:me|us))|and\s+(?:said|says|told\s+(?:me|us)))\s+"
    r"(?:that\s+)?"
    r"(?=[a-z' ]{1,30}?\b(?:is|are|'s|'re|has|have|got|was|were)\b)"
    # "we're in Lisbon till the 20th if you fancy a weekend away": the condition of an
    # invitation is the listener's; the news before it keeps its claim.
    # ("we're at the pub if you fancy joining": asked along, read whole by ``INVITED``.)
    r"|\s*,?\s+(?!" + INVITED.pattern.removeprefix(r"(?<=[\w,]\s)") + r")"
    r"(?=if\s+(?:you|u)\s+(?:fancy|want|wanna|'d\s+like|would\s+like|feel\s+like|"
    r"are\s+(?:free|around|about|passing|nearby)|have\s+(?:time|a\s+minute)|get\s+a\s+chance|"
    r"need\s+(?:anything|me|us|a\s+bed))\b)"
    # "water bill paid, £95, next one due in April": the next bill of the kind is news of
    # its own, due where the first is paid.
    r"|\s*,\s*(?=(?:and\s+)?(?:the\s+)?next\s+one\s+(?:is\s+|'s\s+)?due\b)"
    # "I explained to the woman at reception that I'm only in Oslo till Friday", "I keep
    # telling her I live in Sydney now": what the writer says of themselves now is a clause
    # of its own (its telling is past; what is told is not).
    r"|(?:(?<=\btold)|(?<=\btelling)|(?<=\btell)|(?<=\bexplained)|(?<=\bsaid)|(?<=\breminded)|"
    r"(?<=\bwarned)|(?<=\bassured))(?:\s+(?:to\s+)?(?:him|her|them|everyone|people|mum|mom|dad|nan|"
    r"the\s+[a-z]+(?:\s+[a-z]+)?(?:\s+at\s+[a-z]+)?|my\s+[a-z]+))?\s+(?:that\s+)?(?=(?:i'm|i\s+am|we're|we\s+are|"
    r"i\s+live|we\s+live|i\s+work|i've\s+been|we've\s+been)\b)",
    re.I,
)
_JOINT_SCAN = gated(r"(?=[\s,:])(?:" + _JOINT.pattern + ")", _JOINT.flags)
"""``_JOINT`` as the splitter scans with it: the same matches, tried only where one can
start. Every joint opens on a space, a comma or a colon (what comes before it is only looked
back at), so the lookahead in front says nothing new; without it every letter of a sentence
tried the thirteen branches and their lookbehinds: the scan takes a third of the time. A
joint added that opens otherwise must widen the lookahead (the cheap tests compare the two
over every dev text)."""
_SUITS_AFTER = gated(r"(?i)(?:i|we|i'm|we're|i've|we've|i'll|we'll|my|our)\b")
"""Only the writer's own fact stays a fact before "is that ok?": another's wish or plan
and the question are one ask."""


@dataclass(frozen=True)
class Segment:
    """One clause of a message."""

    text: str
    """Original casing, trimmed."""
    low: str
    joint: str
    """How it was joined to the previous segment: "" (new sentence), "comma", or the
    conjunction ("but", "and", ...)."""
    question: bool
    """It ends a sentence that ends with a question mark."""
    sentence_start: bool


# Chat spellings without the apostrophe: "im in ohio", "dont", "my names sarah".
def split_segments(text: str) -> list[Segment]:
    """Sentences, then clauses within each sentence, with filler words removed."""
    segments: list[Segment] = []
    for sentence in sentences(clean(text)):
        # "the electric bill is $212??": disbelief at an amount, no question.
        question = sentence.rstrip().endswith("?") and not incredulous(sentence)
        body = sentence.rstrip(" .!?;")
        pieces: list[tuple[str, str]] = []
        pos = 0
        joint = ""
        # The question mark stays in view of the joints ("..., any hotel suggestions?").
        for m in _JOINT_SCAN.finditer(body + ("?" if question else "")):
            if m.start() == 0 or m.end() > len(body):
                continue
            if m.group("suits") is not None and not _SUITS_AFTER.match(body):
                continue  # "the client wants to pay in dirhams, is that a problem?": one ask
            if m.group("told") is not None and LEADS_IN.match(body):
                continue  # "when we landed in Austin, the plane was packed": one sentence
            pieces.append((body[pos : m.start()], joint))
            joint = (
                m.group("conj")
                or m.group("conj2")
                or m.group("conj3")
                or m.group("before")
                or "comma"
            ).lower()
            pos = m.end()
        pieces.append((body[pos:], joint))
        kept = [(p.strip(' ,"()'), j) for p, j in pieces if p.strip(' ,"()')]
        kept = cut_into_clauses(kept)  # beyond the joints: a farewell, a run-on, …
        if question and len(kept) > 1 and kept[-1][1] == "while":
            # "Where do I change my address while we are away?": the "while" is when the
            # question is about, not a second question of its own.
            kept = [*kept[:-2], (f"{kept[-2][0]} while {kept[-1][0]}", kept[-2][1])]
        for i, (piece, j) in enumerate(kept):
            lead = LEAD_CONJ.match(piece)
            if lead:
                # ", but right now..." was cut at the comma: the conjunction is the joint.
                j, piece = lead.group(1).lower(), piece[lead.end() :]
            if i == 0:
                piece = strip_salutation(piece)  # "Hi Sarah, ...": the news starts after it
            stripped = lead_stripped(piece)
            framed = REMEMBER.match(stripped)
            # "can you remind me that I need to return it?": the question is the frame's,
            # what follows it is said.
            asks = question and not (framed and "remind" in framed.group().lower())
            stripped = strip_frame(REMEMBER.sub("", stripped)).strip(" ,")
            if not stripped and len(kept) > 1:
                continue  # "Looking back, I wish...": the marker says nothing of its own
            if not stripped:
                stripped = piece
            low = stripped.lower()
            if len(low) != len(stripped):
                # Rare letters change length when lowercased; offsets must line up.
                stripped = low
            segments.append(Segment(stripped, low, j, asks and i == len(kept) - 1, i == 0))
    return segments
