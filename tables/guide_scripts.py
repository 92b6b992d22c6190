"""The guided first games' scripts, one per game (see tables.guides): the deal, the options, the
steps of the opening with what each says (the end screen's words on the scores, shown at every
table: tables.result_words).

A step's words are one or two sentences: what to look at, what to click and why. They name the
game's things as the board and the how-to-play pages do. `point` selectors name the board's own
parts (their classes and data attributes); a step's action is outlined wherever the board draws it.
"""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tables.guides import Guide, Step


# ----------------------------------------------------------------------------- Merchants of Dunhuang


DUNHUANG = Guide(
    game="dunhuang", players=2, seed="guide-1", options={"faces": "random"},
    steps=(
        Step(_("You are a merchant at the market of Dunhuang. Lead the camel round the eight characters and lay "
               "goods out in your shop: the shop with the most cards of a kind holds that kind's majority token."),
             point=".panel[data-seat='0']"),
        Step(_("With two players you win at once as the top merchant: 5 majority tokens and 4 different goods in "
               "your hand at the end of your turn. Otherwise the most points win when the goods run out.")),
        Step(_("First keep one of the three goods cards you drew: it goes into your hidden hand. Keep the tea (8): "
               "at the end a hand card can score its number."),
             do={"type": "keep", "card": 8}),
        Step(_("The bot put the camel on the interpreter. Under each character lies a goods card; hover over or tap "
               "a character to read what it does."),
             point=".tile[data-tile='0']"),
        Step(_("Move the camel clockwise: the first step is free, each further step costs a coin. One free step "
               "takes it to the maid, with porcelain (6) under her."),
             do={"type": "move", "steps": 1}, point=".tile[data-tile='1']"),
        Step(_("Put the porcelain in your shop: as the first shop with porcelain, you take its majority token, "
               "worth 2 points at the end."),
             do={"type": "take", "to": "shop"}, point=".panel[data-seat='0']"),
        Step(_("Now use the character the camel stands on, or take 3 coins instead. The maid would only swap your "
               "porcelain away again: take the coins, they pay for longer camel moves."),
             do={"type": "coins"}),
        Step(_("The bot put incense in its shop and called on the musician: it threw that card away for 3 prestige, "
               "each worth a point at the end."),
             point=".panel[data-seat='1']"),
        Step(_("One free step reaches the princess, with silk (7) under her."),
             do={"type": "move", "steps": 1}, point=".tile[data-tile='3']"),
        Step(_("Silk into your shop: a second majority token."),
             do={"type": "take", "to": "shop"}),
        Step(_("Call on the princess this time: she gives 1 prestige for each majority token you hold, so 2."),
             do={"type": "use"}),
        Step(_("The bot took tea, and its token, and set the manichean's guard on it: the next player who ties "
               "with the bot in tea does not take the token."),
             point=".panel[data-seat='1'] .token"),
        Step(_("Two steps to the farmer cost 1 coin. Ivory (4) lies under him, and he hands you a market card further "
               "round the circle: the longer the camel's move, the further."),
             do={"type": "move", "steps": 2}, point=".tile[data-tile='6']"),
        Step(_("Take the ivory into your hand this time: different goods in hand make the top merchant, and hand "
               "cards score at the end."),
             do={"type": "take", "to": "hand"}, point=".panel[data-seat='0']"),
        Step(_("The farmer gives you the market card as many tiles ahead as the camel moved: two tiles on lies "
               "porcelain, under the interpreter."),
             do={"type": "use"}, point=".tile[data-tile='0']"),
    ),
    free=_("Now play on by yourself: you hold two tokens and three different goods in hand. The Hint button shows "
           "a good move whenever you want one; at the end the scores are explained."),
)



# ----------------------------------------------------------------------------- Dschunke


DSCHUNKE = Guide(
    game="dschunke", players=3, seed="guide-1", options={},
    steps=(
        Step(_("You trade against two bots. Your crates in the five junks earn you goods and money, and goods sell "
               "at the market. After ten rounds the most Yuan wins; the others see your total only when everyone "
               "declares it, in rounds 5 and 9.")),
        Step(_("This round's market card pays 4 Yuan for fish, a special card (S) for rice, 2 for spice and 1 for "
               "vegetables, to whoever bids the most cards of the kind."),
             point=".market-kind"),
        Step(_("You start the round: each player takes one action with a merchant or a trainee. Use the goods "
               "merchant on the brown junk: a fish card for each of your 3 crates there, and fish pay 4 Yuan now."),
             do={"type": "use", "worker": "goods_merchant", "junk": "brown"}, point=".junk[data-junk='brown']"),
        Step(_("The bots have taken their actions. Resupply: each of your two supply cards brings you a goods card "
               "from the stock of your choice.")),
        Step(_("Take a fish card: the more fish you hold, the surer your bid."),
             do={"type": "take", "kind": "brown"}),
        Step(_("And a second one: that makes 6 fish."),
             do={"type": "take", "kind": "brown"}),
        Step(_("Bartering: everyone bids cards of one kind in secret, then all bids are shown. The most cards of a "
               "kind earn its price, a tie shares it, and every card bid goes back to the stocks.")),
        Step(_("Bid 5 of your fish for the 4 Yuan: few hands hold that many cards of one kind, and you keep a fish "
               "for later."),
             do={"type": "bid", "cards": {"brown": 5}}),
        Step(_("Your 5 fish beat a bot's 4: the 4 Yuan are yours. Kinds nobody bid for are offered again: bid your 4 "
               "spice cards for the 2 Yuan of spice."),
             do={"type": "bid", "cards": {"orange": 4}}),
        Step(_("Only rice is left, for a special card, and a tie for an S wins nothing. Keep your rice this time: "
               "bid nothing."),
             do={"type": "bid", "cards": {}}),
        Step(_("Round 2: the merchants have moved on to the next junk and a bot starts. The load merchant now stands "
               "on the orange junk."),
             point=".junk[data-junk='orange']"),
        Step(_("Use the load merchant: two of your strips go into the orange junk. Its bottom layer is full, so they "
               "lie across it and cover one crate of every strip below."),
             do={"type": "use", "worker": "load_merchant", "junk": "orange"}, point=".junk[data-junk='orange']"),
        Step(_("Lay your first strip in the new layer: only crates seen from above count, and the number on a crate "
               "is its layer."),
             do={"type": "place", "junk": "orange", "slot": 0}),
        Step(_("Lay the second strip beside the first: then 7 of the junk's visible crates are yours, and goods or "
               "money taken there pay one per crate."),
             do={"type": "place", "junk": "orange", "slot": 1}),
    ),
    free=_("Now play on by yourself: resupply, bid and use your crates in the rounds to come. The Hint button shows a "
           "good move whenever you want one; at the end the scores are explained."),
)


# ----------------------------------------------------------------------------- Dschunke: das Legespiel


TILES = Guide(
    game="dschunke_tiles", players=2, seed="guide-1", options={"colours": "seat0_red"},
    steps=(
        Step(_("You play red against the bot's green. Lay cargo tiles side by side or on top of others: at the end "
               "your visible groups of touching red goods score, and each visible red rat costs a point."),
             point=".tl-player[data-seat='0']"),
        Step(_("Your first tile is drawn: a red rat, a red sack and a green aubergine. The outlined cells are where "
               "its first crate can go: click the one just above the start tile's red fish."),
             do={"type": "anchor", "cell": [-1, 1]}, point=".tl-waiting-tile"),
        Step(_("Click the arrow pointing left to preview the tile running that way, then confirm with the ringed "
               "button “Place the tile here”."),
             do={"type": "orient", "dir": "W"}),
        Step(_("Green placed two tiles: its two green fish side by side already score 3. From now on each turn draws "
               "two tiles, and you place both in the order you like."),
             point=".tl-player[data-seat='1']"),
        Step(_("Place the tile with two red sacks first."),
             do={"type": "select", "tile": 37}, point=".tl-waiting-tile[data-tile='37']"),
        Step(_("Start it just above your red sack…"),
             do={"type": "anchor", "cell": [-2, 2]}),
        Step(_("…running up: three red sacks in a line make a group worth 6."),
             do={"type": "orient", "dir": "N"}),
        Step(_("Now cover green's two fish. A tile may lie on top when the three cells below it are at one height "
               "and it straddles two or three tiles. Start it on the start tile's emblem…"),
             do={"type": "anchor", "cell": [0, 0]}),
        Step(_("…running right, over both green fish: that group is gone, and green loses its 3 points."),
             do={"type": "orient", "dir": "E"}),
        Step(_("The bot answered in kind: it laid a tile over your three sacks. Covering is the heart of the game."),
             point=".tl-player[data-seat='0']"),
        Step(_("Place the tile with the red fish first."),
             do={"type": "select", "tile": 15}, point=".tl-waiting-tile[data-tile='15']"),
        Step(_("Start it on the right end of green's row of three fish…"),
             do={"type": "anchor", "cell": [4, 2]}),
        Step(_("…running left: it breaks up that row, and its red fish lands beside a red fish below: a pair worth "
               "3, whatever the heights."),
             do={"type": "orient", "dir": "W"}),
        Step(_("The other tile has a red rat. Start it three cells right of the raised red aubergine…"),
             do={"type": "anchor", "cell": [5, 0]}),
        Step(_("…running left: its red aubergine joins that one for 3 more. The rat costs a point unless you cover "
               "it later."),
             do={"type": "orient", "dir": "W"}),
    ),
    free=_("Now play on by yourself: cover green's groups and your own rats, and grow your groups. The Hint button "
           "shows a good move whenever you want one; at the end the scores are explained."),
)


# ----------------------------------------------------------------------------- Dragon Boats of the Four Seas


BOATS = Guide(
    game="dragon_boats", players=2, seed="guide-1", options={"interactive_cards": False},
    steps=(
        Step(_("Send the members of your house by dragon boat to the outer islands, and up the mountain of wisdom, "
               "to settle farms. After six rounds the most points win.")),
        Step(_("First put your start disc on a round card from 2 to 5: the later the card, the richer your start, "
               "but the disc stays away until its round. Take card 5: 5 money, 3 offerings, a food and a treasure."),
             do={"type": "start_disc", "card": 5}, point="[data-round-card='5']"),
        Step(_("Now choose your three offerings. Boat 4's topper asks cinnabar, leather and two tea, and its middle "
               "place costs one offering less: take a tea…"),
             do={"type": "start_offering", "kind": "tea"}, point="[data-boat='3']"),
        Step(_("…a second tea…"),
             do={"type": "start_offering", "kind": "tea"}),
        Step(_("…and a cinnabar: the middle place of boat 4 is paid for."),
             do={"type": "start_offering", "kind": "cinnabar"}),
        Step(_("Bidding: in turn, each player places a disc on a stall, to buy there when it is settled, or on a "
               "free private space of their board, which pays at once."),
             point="[data-stall]"),
        Step(_("Put a disc on stall I: when it is settled you may board boats and buy one of its offerings."),
             do={"type": "bid", "stall": "I"}, point="[data-stall='0']"),
        Step(_("Put your second disc on your private space for an offering: a random one, at once."),
             do={"type": "private", "space": "offering"}),
        Step(_("And your last disc on stall III, for a second purchase."),
             do={"type": "bid", "stall": "III"}, point="[data-stall='2']"),
        Step(_("Payment: the stalls are settled from I to V, each stack from the top down, and the price is the "
               "stack's height then. The bot's disc on top of yours paid 2; yours pays 1."),
             point="[data-stall='0']"),
        Step(_("While your disc is settled you may board: put a member in the middle of boat 4 for cinnabar and two "
               "tea. Its 20 beats make it sail first, once it has its crew of 2."),
             do={"type": "board", "boat": 3, "place": 1, "omit": "leather"}, point="[data-boat='3']"),
        Step(_("Then buy an offering of the stall for the price, 1 money: take the gold."),
             do={"type": "buy", "kind": "gold"}),
        Step(_("Stall III is settled: buy its jade."),
             do={"type": "buy", "kind": "jade"}),
        Step(_("Three offerings of any kind put a member on a mountain path instead of a boat: head for path A."),
             do={"type": "path", "path": "A"}, point="[data-path='A']"),
        Step(_("Pay the cinnabar…"),
             do={"type": "pay", "kind": "cinnabar"}),
        Step(_("…the gold…"),
             do={"type": "pay", "kind": "gold"}),
        Step(_("…and the jade."),
             do={"type": "pay", "kind": "jade"}),
        Step(_("Explore: the mountain comes first. Your climber steps up path A: three steps are free, and it "
               "settles on a free wisdom hex and takes its tile."),
             point="[data-node='A1']"),
        Step(_("Step onto the wisdom hex marked W3: its tile, the Sage of Treasure, gives a point for each treasure "
               "you own at the end."),
             do={"type": "step", "node": "W1"}, point="[data-node='W1']"),
        Step(_("No boat had its crew, so none sailed. Storage: you may keep up to three offerings, and sell treasures "
               "for 2 money each if you like. Keep your treasure, it scores with the Sage: you are done."),
             do={"type": "done"}),
    ),
    free=_("Now play on by yourself. Your member waits on boat 4 until it has a crew of 2: then it sails, and your "
           "members walk ashore to the farms. The Hint button shows a good move whenever you want one; at the end "
           "the scores are explained."),
)


# ----------------------------------------------------------------------------- Dragon Market


MARKET = Guide(
    game="dragon_market", players=2, seed="guide-2",
    options={"boat_setup": "random", "long_game": "off", "turn_limit": 10},
    steps=(
        Step(_("Your heir walks across the boats of the harbour to collect the four goods of your objective card, "
               "then brings them home to your pontoon, bottom left. The first to complete two objectives wins; this "
               "table also ends after round 10."),
             point=".dm-player[data-seat='0']"),
        Step(_("The dice gave you 6 movement points (MP). Each MP slides a boat along its length, turns it about its "
               "sailor, or steps your heir one square."),
             point=".dm-turn"),
        Step(_("No boat touches your pontoon yet. Slide boat C3 one square towards it: click the boat, then the "
               "white dot by the dashed outline of its new place."),
             do={"type": "slide", "boat": 4, "by": -1}, point="[data-boat='4']"),
        Step(_("The necklace of your card now lies beside your pontoon: step your heir onto it (1 MP)."),
             do={"type": "step", "to": [0, 1]}),
        Step(_("Your heir stands on a good your card asks for: click the ring to take one token, free."),
             do={"type": "take"}),
        Step(_("Every MP you leave unused becomes a coin, and coins buy MP later: end your turn now."),
             do={"type": "end_turn"}),
    ),
    free=_("Now play on by yourself: bring boats together to walk to the frog, the Buddha statue and the snake, then "
           "home. The Hint button shows a good move whenever you want one; at the end the scores are explained."),
)


GUIDES = {guide.game: guide for guide in (DSCHUNKE, DUNHUANG, BOATS, TILES, MARKET)}
