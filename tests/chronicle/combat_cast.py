"""A fight's cast and its first turns, shared by the tests of combat, its history and its
physical dice: Marcus (a vampire with Celerity), Bob and Rex (mortals) and Ghoul 1, with
initiative dice given, and a scripted fight with explicit faces."""

SETUP = [
    'add "Marcus" vampire gen 10',
    *(
        f"set Marcus {t} {v}"
        for t, v in [
            ("dexterity", 3),
            ("wits", 2),
            ("strength", 3),
            ("brawl", 3),
            ("stamina", 3),
            ("fortitude", 1),
            ("celerity", 1),
            ("athletics", 2),
            ("willpower", 5),
        ]
    ),
    'add "Rex" ghoul blank',
    *(
        f"set Rex {t} {v}"
        for t, v in [
            ("dexterity", 2),
            ("wits", 2),
            ("strength", 3),
            ("brawl", 2),
            ("stamina", 3),
            ("melee", 2),
        ]
    ),
    'add "Bob" mortal blank',
    *(
        f"set Bob {t} {v}"
        for t, v in [
            ("dexterity", 2),
            ("wits", 3),
            ("athletics", 2),
            ("stamina", 2),
            ("brawl", 1),
            ("willpower", 4),
        ]
    ),
    'add "Ghoul 1" mortal blank',
    *(
        f'set "Ghoul 1" {t} {v}'
        for t, v in [("dexterity", 2), ("wits", 1), ("brawl", 1), ("stamina", 2)]
    ),
]
START = 'combat start Marcus Bob "Ghoul 1" Rex'
# Marcus 7+5+0 (Celerity spent) = 12; Bob 3+5 = 8; Rex 3+4 = 7 (rating 4); Ghoul 1 5+3 = 8?
INIT = 'init dice Marcus=7,Bob=3,"Ghoul 1=2",Rex=3 celerity Marcus=1'


FIGHT = [
    # Round 1: Marcus 12, Bob 8, Rex 7, Ghoul 1 5 (declared slowest first).
    'declare "Ghoul 1" attack Marcus punch',
    "declare Rex attack Bob punch",
    "declare Bob dodge",
    'declare Marcus attack "Ghoul 1" claw',
    # 4 successes - 1 = 3; claws: Str 3 + 1 + 2 = 6 dice; a mortal cannot soak it (lethal).
    'attack Marcus "Ghoul 1" claw dice 7,8,2,1,9,10 dmg 6,6,6,2,2,2',
    "defend Bob dodge dice 8,2,2,2",
    "next",
    # Rex 2 successes - Bob's dodge 1 = 1: Str 3 dice, 3 bashing, Bob soaks 2 of it.
    "attack Rex Bob punch dice 7,7,2,3 dmg 8,8,8 soak 9,9",
    # Ghoul 1 was dazed (3 > Stamina 2) and lost the action; Marcus's Celerity action:
    "attack Marcus Rex bite dice 8,8,8,8,8,8,8 dmg 9,9,9,2,2,2,2,2,2,2",
    "next",
    # Round 2: Bob 14, Marcus 11, Rex 9, Ghoul 1 3.
    'init dice Marcus=5,Bob=9,"Ghoul 1=1",Rex=6',
    "next",
    "next",
    "declare Marcus attack Bob kick",
    "declare Bob delay",
    "delay Bob",
    # Celerity's dot, not spent on an action this round, adds a die: Dex 3 + Brawl 3 + 1.
    "attack Marcus Bob kick dice 8,8,3,3,3,3,3 dmg 7,7,2,2,2 soak 2,2",
    # Bob, delayed, interrupts Rex's turn (Injured: 2 dice).
    "attack Bob Marcus punch dice 6,6 dmg 6,6 soak 2,2,2,2",
    "next",
    "next",
    "next",
    # Round 3: Marcus 16 goes first and spends Willpower on the attack.
    'init dice Marcus=10,Bob=1,"Ghoul 1=1",Rex=1',
    "next",
    "next",
    "next",
    "declare Marcus attack Bob punch",
    "attack Marcus Bob punch wp dice 9,9,9,9,9,9,2 dmg 9,9,9,9,9,9,9,9,9 soak 1,1",  # Celerity +1
    "next",
    "combat end",
]
