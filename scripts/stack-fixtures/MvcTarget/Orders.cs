namespace Shop.Controllers;

internal static class Orders
{
    public static async Task<string> Find(int id)
    {
        await Task.Delay(500);
        return $"order {id}";
    }
}
