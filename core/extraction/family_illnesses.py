"""The illnesses that make a family member sick now, and the ways of saying one has one.

``DISEASES`` is a small documented class (acute infections and serious diseases, said the
household way the world over); ``HAS_ILLNESS`` ("has the flu", "is down with typhoid",
"tested positive for covid"), ``COMING_DOWN`` ("coming down with something") and
``HOME_WITH`` ("home from nursery with a cough") read one said of the member.

Apart from ``family_status`` because it is vocabulary, not the reading of a status: the
same names serve the carers' words (``family_carer_states``) and the symptom patterns of
``family_status``, and a new illness is added here once for all of them.
"""

from __future__ import annotations

from core.extraction.family_members import PRE as _PRE
from core.extraction.word_gates import gated

# Illnesses that make someone sick now: a small documented class, acute infections and
# serious diseases. Lifelong conditions (asthma, diabetes) and injuries ("broke his leg")
# are not a status, so they are left out on purpose.
DISEASES = (
    r"flu|stomach\s+flu|cold|colds|fever|temperature|temp(?!\s+(?:job|role|position|work|agency|contract))|covid(?:-19)?|coronavirus|strep(?:\s+throat)?|"
    r"stomach\s+bug|bug|virus|(?:[a-z]+\s+)?infection|chickenpox|chicken\s+pox|rsv|cough|"
    r"migraine|pink\s+eye|lice|pneumonia|bronchitis|(?:[a-z]+\s+){0,2}cancer|leukemia|"
    r"tumou?r|mono|measles|mumps|norovirus|food\s+poisoning|tonsillitis|sore\s+throat|"
    r"shingles|croup|appendicitis|sepsis|rash|"
    # More of what a household names: "glandular fever", "colic", "laryngitis".
    r"glandular\s+fever|colic|sinusitis|laryngitis|impetigo|scabies|slapped\s+cheek|cellulitis|"
    r"meningitis|pleurisy|hepatitis|kidney\s+stones?|gallstones|long\s+covid|"
    # Said the household way and the world over: "a tummy bug", "loose motions" (Indian
    # English), "malaria", "typhoid", "dengue" (West Africa, South Asia, the Philippines),
    # "hand foot and mouth", "d&v", "the lurgy" (British).
    r"(?:tummy|stomach|sickness|vomiting|winter|24[- ]hour)\s+(?:bug|virus|ache)|tummy\s+ache|"
    r"stomach\s*ache|ear\s*ache|(?:head|chest)\s+cold|loose\s+motions?|diarrh?o?ea|"
    r"malaria|typhoid(?:\s+fever)?|dengue(?:\s+fever)?|scarlet\s+fever|whooping\s+cough|"
    r"hand,?\s+foot,?\s+(?:and|&|n)\s+mouth(?:\s+disease)?|gastro(?:enteritis)?|"
    r"conjunctivitis|jaundice|tonsil+itis|d\s*&\s*v|(?:the\s+)?lurgy|the\s+runs|vomiting|"
    # A carer's abbreviations: "a UTI", "a chest infection", "an LRTI".
    r"uti|lrti|urine\s+infection|water\s+infection|"
    # Lice said the British and the school-letter way: "nits again", "head lice".
    r"nits|head\s+lice|"
    # A small child's cold said the nursery way: "over the sniffles", "has the snuffles".
    r"(?:the\s+)?sniffles|(?:the\s+)?snuffles"
)
SICKNESS_ADJ = (
    r"(?:bad|terrible|nasty|high|slight|mild|severe|awful|horrible|little|low[- ]grade|low|"
    r"really|very|pretty|bit\s+of\s+a|strong|heavy|proper|massive|stinking|rotten|raging|roaring|"
    # How a doctor or an Indian or Nigerian household names the kind: "viral fever",
    # "high-grade fever", "a bacterial infection", "acute bronchitis".
    r"viral|bacterial|high[- ]grade|acute|persistent)"
)
HAS_ILLNESS = gated(
    _PRE
    # "the kids have both got the flu": a quantifier floated between "have" and "got".
    + r"(?:has|have|(?:has|have|'s)\s+(?:(?:both|all|also|now|just|still)\s+)?got|has\s+had|have\s+had|'s\s+had|caught|(?:came|went)\s+down\s+with|got|is\s+down\s+with|"
    # "the twins have both caught chickenpox", "he's picked up a tummy bug"
    r"(?:has|have|'ve|'s)\s+(?:(?:both|all|just|also|now|gone\s+and)\s+)?(?:caught|picked\s+up)|"
    r"picked\s+up|"
    # Non-native progressive: "my son is having fever from yesterday".
    r"(?:is|are|'s)\s+having|"
    r"are\s+down\s+with|'s\s+got|tested\s+positive\s+for|(?:is|are|'s)\s+running|running|"
    r"(?:is|are|'s|has\s+been|have\s+been|'s\s+been)\s+(?:fighting|battling|sick\s+with|ill\s+with)|"
    # "has been down with typhoid", "'s laid up with covid", "in bed with a migraine",
    # "suffering from dengue": kept down by an illness, however long it has been.
    r"(?:(?:is|are|'s|has\s+been|have\s+been|'s\s+been)\s+(?:\w+\s+)?)?(?:down\s+with|"
    r"laid\s+up\s+with|(?:stuck\s+)?in\s+bed\s+with|suffering\s+(?:from|with)|struggling\s+with)|"
    r"(?:is|was|got|has\s+been)\s+diagnosed\s+with)\s+"
    rf"(?:a\s+|the\s+|an\s+)?(?:{SICKNESS_ADJ}\s+)*(?:{DISEASES})\b"
)
# "coming down with something": falling ill, whatever it turns out to be; "hubby's down
# with something nasty": ill with it already.
COMING_DOWN = gated(
    _PRE + r"(?:(?:is|are|'s|was|were)\s+(?:coming|going)\s+down|(?:is|are|'s|has\s+been|"
    r"have\s+been|'s\s+been)\s+(?:(?:properly|really|totally|also|now|both|all)\s+)?down)\s+"
    r"with\s+(?:something|whatever|"
    rf"(?:a\s+|an\s+|the\s+)?(?:{SICKNESS_ADJ}\s+)*(?:{DISEASES}))\b"
)
HOME_WITH = gated(
    rf"\bhome\b[^,.;]*?\bwith\s+(?:a\s+|the\s+|an\s+)?(?:{SICKNESS_ADJ}\s+)*(?:{DISEASES})\b"
)
"""Home with an illness ("home from nursery with a cough"): kept home by it, so sick."""
