namespace PoolDoctor.Analysis.Flight;

/// <summary>
/// A ring of items in time order, bounded twice: by age (nothing older than <c>window</c> seconds before the newest
/// item stays) and by count (at most <c>capacity</c>; the oldest goes first, counted in <see cref="Evicted"/>). The
/// array is allocated once at full capacity, so the memory a ring holds never grows. An item older than the newest is
/// put in its place (events of different threads may arrive a little out of order), or dropped when it is older than
/// the window. Not thread-safe: one owner adds and reads.
/// </summary>
public sealed class TimeRing<T>(int capacity, double window, Func<T, double> secondsOf)
{
    private readonly T[] _items = new T[capacity > 0 ? capacity : throw new ArgumentOutOfRangeException(nameof(capacity))];
    private int _head;

    public int Count { get; private set; }

    /// <summary>Items pushed out by the count bound while still inside the window (the time bound is not counted).</summary>
    public long Evicted { get; private set; }

    public int Capacity => _items.Length;

    public double Window { get; } = window;

    public void Add(T item)
    {
        var seconds = secondsOf(item);
        if (Count > 0 && seconds < secondsOf(At(Count - 1)))
        {
            InsertInOrder(item, seconds);
        }
        else
        {
            if (Count == _items.Length)
            {
                DropOldest();
                Evicted++;
            }
            _items[(_head + Count) % _items.Length] = item;
            Count++;
        }
        Expire(secondsOf(At(Count - 1)) - Window);
    }

    /// <summary>The items from <paramref name="from"/> to <paramref name="to"/> seconds (both included), oldest first.</summary>
    public IReadOnlyList<T> Between(double from, double to)
    {
        var list = new List<T>();
        for (var i = 0; i < Count; i++)
        {
            var item = At(i);
            var seconds = secondsOf(item);
            if (seconds >= from && seconds <= to)
            {
                list.Add(item);
            }
        }
        return list;
    }

    /// <summary>The oldest item's time; null when empty.</summary>
    public double? OldestSeconds => Count > 0 ? secondsOf(At(0)) : null;

    /// <summary>Drops what is older than <paramref name="before"/> (a quiet stream still ages out as the clock moves on).</summary>
    public void Expire(double before)
    {
        while (Count > 0 && secondsOf(At(0)) < before)
        {
            DropOldest();
        }
    }

    public void Clear()
    {
        Array.Clear(_items);
        _head = 0;
        Count = 0;
    }

    private T At(int index) => _items[(_head + index) % _items.Length];

    private void DropOldest()
    {
        _items[_head] = default!;
        _head = (_head + 1) % _items.Length;
        Count--;
    }

    // Rare (a late event): shift the newer items one slot up; when full, the oldest makes room, unless the late item
    // is itself the oldest, which is then the one dropped.
    private void InsertInOrder(T item, double seconds)
    {
        var position = Count;
        while (position > 0 && secondsOf(At(position - 1)) > seconds)
        {
            position--;
        }
        if (Count == _items.Length)
        {
            Evicted++;
            if (position == 0)
            {
                return;
            }
            DropOldest();
            position--;
        }
        for (var i = Count; i > position; i--)
        {
            _items[(_head + i) % _items.Length] = At(i - 1);
        }
        _items[(_head + position) % _items.Length] = item;
        Count++;
    }
}
