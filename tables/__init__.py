"""Tables, seats and the event store of Sampan; the one command path that writes game state."""
