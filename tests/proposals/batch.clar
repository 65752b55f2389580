# a batch of three proposals (tests/test_clarify_batch.py, tests/test_schemas.py): one contradicts, two are consistent
NEW.A: every reward is a villain card.
NEW.B: every shield card is a villain card.
NEW.C: some reward is a hero target.
