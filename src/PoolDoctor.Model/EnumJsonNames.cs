using System.Reflection;
using System.Text.Json.Serialization;

namespace PoolDoctor.Model;

/// <summary>
/// An enum member's name as JSON spells it: its <see cref="JsonStringEnumMemberNameAttribute"/>, the one place the name
/// is written, so the text outputs that print it and the serializer never disagree. A member without the attribute
/// keeps its C# name.
/// </summary>
public static class EnumJsonNames
{
    public static string JsonName<T>(this T value) where T : struct, Enum =>
        Names<T>.ByValue.TryGetValue(value, out var name) ? name : value.ToString();

    // Read once per enum type: every report line would otherwise pay for reflection.
    private static class Names<T> where T : struct, Enum
    {
        public static readonly IReadOnlyDictionary<T, string> ByValue = typeof(T)
            .GetFields(BindingFlags.Public | BindingFlags.Static)
            .ToDictionary(f => (T)f.GetValue(null)!, f => f.GetCustomAttribute<JsonStringEnumMemberNameAttribute>()?.Name ?? f.Name);
    }
}
